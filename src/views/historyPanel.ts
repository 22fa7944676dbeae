import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, Build } from '../api';
import { historyModel, type HistoryMessage } from '../core/builds/history';
import { historyPageHtml } from '../core/builds/historyPage';
import { filledText, loggedText, shownText } from '../core/text/serviceText';
import type { Account } from '../services/accounts/accounts';
import type { Log } from '../services/log';
import type { ArtifactSize } from '../core/artifacts/artifactSizes';

export const HISTORY_PANEL_VIEW_TYPE = 'buildService.buildHistory';

/** Whose history: an app, or one branch of it (Current Branch). */
export interface HistorySubject {
  readonly account: Account;
  readonly app: App;
  readonly branch?: string;
}

export interface ShownHistory {
  readonly subject: HistorySubject;
  /** Newest first, as listed. */
  readonly builds: readonly Build[];
  /** The artifacts' sizes drawn, by build id. */
  readonly sizes: ReadonlyMap<string, readonly ArtifactSize[]>;
  readonly title: string;
  readonly html: string;
  /** When the page was handed to the webview (performance.now()), and how long until its first paint. */
  readonly openedAt: number;
  paintedAfterMs?: number;
  /** Drawings so far: the first, then one per resize or theme change. */
  paints: number;
}

export interface HistoryPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: Log;
  /** Selects the clicked build in the Apps view. */
  readonly select: (account: Account, build: Build) => Promise<void>;
}

/** One panel, reused for another app; the page draws the model it is given and asks for nothing itself. */
export class HistoryPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private current: ShownHistory | undefined;
  private readonly painted = new vscode.EventEmitter<ShownHistory>();
  /** Each drawing of the page (tests and the benchmark wait for it). */
  readonly onDidPaint = this.painted.event;

  constructor(private readonly deps: HistoryPanelDeps) {}

  get shown(): ShownHistory | undefined {
    return this.current;
  }

  /** `reveal: false`: drawn again where it is, without taking the focus (a newer build came in). */
  show(
    subject: HistorySubject,
    builds: readonly Build[],
    { reveal = true, sizes = new Map() }: { reveal?: boolean; sizes?: ReadonlyMap<string, readonly ArtifactSize[]> } = {},
  ): void {
    const name = subject.app.name || subject.app.id;
    const named = subject.branch
      ? filledText(l10n.t('{0} on {1}'), [name, subject.branch], (text) => shownText(text, 60))
      : shownText(name, 60);
    const title = filledText(l10n.t('Build History: {0}'), [named]);
    const dist = vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'webview');
    if (!this.panel) {
      // The page's script is the only resource it may load.
      this.panel = vscode.window.createWebviewPanel(HISTORY_PANEL_VIEW_TYPE, title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [dist],
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.current = undefined;
      });
      this.panel.webview.onDidReceiveMessage((message: unknown) =>
        this.onMessage(message).catch((error: unknown) => this.deps.log.warn(`Build history: ${loggedText(String(error))}`)),
      );
    }
    const html = historyPageHtml({
      model: historyModel(builds, named, sizes),
      title,
      nonce: newNonce(),
      scriptUri: this.panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'history.js')).toString(),
    });
    this.current = { subject, builds, sizes, title, html, openedAt: performance.now(), paints: 0 };
    this.panel.title = title;
    this.panel.webview.html = html;
    if (reveal) this.panel.reveal();
    this.deps.log.info(`Showing the build history of app ${loggedText(subject.app.id)}: ${builds.length} builds.`);
  }

  private async onMessage(message: unknown): Promise<void> {
    const shown = this.current;
    if (!shown || typeof message !== 'object' || message === null) return;
    const { type } = message as Partial<HistoryMessage>;
    if (type === 'painted') {
      shown.paintedAfterMs ??= performance.now() - shown.openedAt;
      shown.paints++;
      this.painted.fire(shown);
    } else if (type === 'select') {
      // Only a build this panel shows: the page names it by id, and ids are data.
      const id = (message as { id?: unknown }).id;
      const build = shown.builds.find((b) => b.id === id);
      if (build) await this.deps.select(shown.subject.account, { ...build, appId: build.appId ?? shown.subject.app.id });
    }
  }

  dispose(): void {
    this.panel?.dispose();
    this.painted.dispose();
  }
}

// The Web Crypto global loads Node's crypto module only when first used, not at activation.
function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
