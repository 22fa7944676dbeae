// The Build History panel's HTML: a strict CSP (nothing but our nonce'd script and styles), the model as
// inert JSON, and the bundled page script (dist/webview/history.js) that draws it.
import { escapeHtml, strictPageHead } from '../artifacts/html';
import type { HistoryModel } from './history';

export interface HistoryPage {
  readonly model: HistoryModel;
  readonly title: string;
  readonly nonce: string;
  /** dist/webview/history.js as the webview reaches it (Webview.asWebviewUri). */
  readonly scriptUri: string;
}

/** JSON inside a <script> element: `<` escaped, so no value can close the element. */
export function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function historyPageHtml({ model, title, nonce, scriptUri }: HistoryPage): string {
  return `${strictPageHead(title, nonce)}
</head>
<body>
<header><h1 id="title"></h1><button id="toggle" type="button" aria-controls="chart table-view"></button></header>
<p id="hint"></p>
<div id="chart" role="img"></div>
<div id="tooltip" hidden></div>
<div id="table-view" hidden></div>
<script id="history-data" type="application/json">${inertJson(model)}</script>
<script nonce="${nonce}" src="${escapeHtml(scriptUri)}"></script>
</body></html>`;
}
