import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { qrPageHtml } from '../core/artifacts/installLink';
import { qrSvg } from '../core/artifacts/qrCode';
import type { Log } from '../services/log';

export const QR_PANEL_VIEW_TYPE = 'buildService.qrCode';

export interface ShownQr {
  readonly url: string;
  readonly title: string;
  readonly html: string;
}

/** One panel, reused for another link; the link must have passed checkInstallLink. */
export class QrPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private current: ShownQr | undefined;
  private disposed = false;

  constructor(private readonly log: Log) {}

  get shown(): ShownQr | undefined {
    return this.current;
  }

  async show(url: string, title: string): Promise<void> {
    const svg = await qrSvg(url, l10n.t('QR code of {0}', url));
    if (this.disposed) return;
    const html = qrPageHtml({ url, title, svg, nonce: newNonce() });
    this.current = { url, title, html };
    if (!this.panel) {
      // Scripts only for the copy button; no local resources at all.
      this.panel = vscode.window.createWebviewPanel(QR_PANEL_VIEW_TYPE, title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [],
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.current = undefined;
      });
      this.panel.webview.onDidReceiveMessage((message: unknown) => void this.onMessage(message));
    }
    this.panel.title = title;
    this.panel.webview.html = html;
    this.panel.reveal();
    this.log.info(`Showing the QR code of an install link (${new URL(url).host}).`);
  }

  /** The webview cannot reach the clipboard itself, so the copy button asks. */
  private async onMessage(message: unknown): Promise<void> {
    if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== 'copy' || !this.current) return;
    await vscode.env.clipboard.writeText(this.current.url);
    vscode.window.setStatusBarMessage(l10n.t('Copied the install link'), 3000);
  }

  dispose(): void {
    this.disposed = true;
    this.panel?.dispose();
  }
}

// The Web Crypto global loads Node's crypto module only when first used, not at activation.
function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
