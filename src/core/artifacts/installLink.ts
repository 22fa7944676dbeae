import * as l10n from '@vscode/l10n';
import { escapeHtml, strictPageHead } from './html';
import { noticeText, type NoticeText } from '../text/serviceText';

/** The problem is shown in a notification, and quotes the link: it is a NoticeText. */
export type CheckedLink = { ok: true; url: string } | { ok: false; problem: NoticeText };

// Only http(s): a phone opens whatever the code says. The trimmed text is encoded as given, never rewritten.
export function checkInstallLink(text: unknown): CheckedLink {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, problem: noticeText(l10n.t('The build has no install link.')) };
  const link = text.trim();
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return {
      ok: false,
      problem: noticeText(l10n.t('The install link is not a web address ({0}), so no QR code was made.'), preview(link)),
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      problem: noticeText(
        l10n.t('Build Service makes QR codes only for http:// and https:// links; this install link ({0}…) was refused.'),
        url.protocol,
      ),
    };
  }
  return { ok: true, url: link };
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

export interface QrPage {
  readonly url: string;
  readonly title: string;
  readonly svg: string;
  readonly nonce: string;
}

// The CSP allows only the nonce'd style and script (no network, images or frames); the URL is text, never a link.
// The link is the code's text alternative; the Copy button takes the focus (autofocus is ignored in a webview's
// cross-origin frame), so Enter or Space copies at once.
export function qrPageHtml({ url, title, svg, nonce }: QrPage): string {
  return `${strictPageHead(title, nonce)}
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 16px; }
.code { width: min(320px, 90vw); background: #fff; padding: 8px; }
.code svg { display: block; width: 100%; height: auto; }
.url { font-family: var(--vscode-editor-font-family); word-break: break-all; user-select: text; }
button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 6px 12px; cursor: pointer; }
button:focus-visible { outline: 2px solid var(--vscode-focusBorder); outline-offset: 2px; }
</style></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(l10n.t("Scan with your phone's camera to open the install page."))}</p>
<div class="code">${svg}</div>
<p id="url-label">${escapeHtml(l10n.t('Or open this link on the phone:'))}</p>
<p class="url" id="url">${escapeHtml(url)}</p>
<button id="copy" type="button" autofocus aria-describedby="url">${escapeHtml(l10n.t('Copy Link'))}</button>
</main>

<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
const copy = document.getElementById('copy');
copy.addEventListener('click', () => vscode.postMessage({ type: 'copy' }));
copy.focus();
</script>
</body></html>`;
}
