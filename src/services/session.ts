import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, BuildServiceClient } from '../api';
import { notReady, type NotReady } from '../core/connection';
import { Setting } from '../ids';
import type { ClientCache } from './clientCache';
import type { Log } from './log';
import type { SettingsService } from './settings';
import type { TokenStore } from './tokenStore';
import { uniqueById } from './uniqueLists';

/** Whether the service can be asked, and if not, why. */
export type Connection = NotReady | { kind: 'ready'; client: BuildServiceClient };

// The app list is kept per client until `forgetApps()` (Refresh) or an address/token change, which fires
// `onDidChange` so the views reload and the poller lets go.
export class Session implements vscode.Disposable {
  private appList: { client: BuildServiceClient; apps: readonly App[] } | undefined;
  private generation = 0;
  private readonly names = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];
  /** Where requests go, as of the first connection(); undefined until then, when nothing is to reset. */
  private connectionKey: string | undefined;
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly settings: SettingsService,
    private readonly tokens: TokenStore,
    private readonly clients: ClientCache,
    private readonly log: Log,
  ) {
    this.subscriptions = [
      settings.onDidChange(() => {
        // Settings that do not decide where requests go (timeout, notifyOnCompletion…) leave it alone.
        if (this.connectionKey === undefined) return; // nothing connected yet: nothing to reset
        const key = this.keyOf();
        if (key === this.connectionKey) return;
        this.connectionKey = key;
        this.reset();
      }),
      // Also how a token set or cleared in another window arrives (secrets.onDidChange).
      tokens.onDidChange(() => this.reset()),
    ];
  }

  async connection(): Promise<Connection> {
    this.connectionKey ??= this.keyOf();
    const config = this.settings.value;
    if (!config.baseUrlSet) return { kind: 'not-configured' };
    const client = this.clients.get();
    if (!client) {
      const problem = config.problems.find((p) => p.setting === Setting.baseUrl)?.problem ?? l10n.t('it is not valid');
      return { kind: 'invalid-setting', problem };
    }
    if ((await this.tokens.get()) === undefined) return { kind: 'no-token' };
    return { kind: 'ready', client };
  }

  /** For work someone asked for: rejects with the ApiError saying why the service cannot be asked. */
  async ready(): Promise<BuildServiceClient> {
    const connection = await this.connection();
    if (connection.kind === 'ready') return connection.client;
    throw notReady(connection);
  }

  // Asked once per client, each id once (the first wins). Concurrent callers share one request through the
  // client's gate; a caller's `signal` cancels only its own wait.
  async apps(client: BuildServiceClient, signal?: AbortSignal): Promise<readonly App[]> {
    if (this.appList?.client === client) return this.appList.apps;
    const generation = this.generation;
    const apps = uniqueById(this.log, 'the app list', await client.listApps({ signal }), (app) => app.id);
    // A Refresh or a new token while this was under way: the answer may already be out of date.
    if (generation === this.generation) this.appList = { client, apps };
    for (const app of apps) this.names.set(app.id, app.name || app.id);
    return apps;
  }

  nameOf(appId: string): string {
    return this.names.get(appId) ?? appId;
  }

  forgetApps(): void {
    this.appList = undefined;
    this.generation++;
  }

  private reset(): void {
    this.forgetApps();
    this.changed.fire();
  }

  private keyOf(): string {
    const s = this.settings.value;
    return `${s.baseUrl}|${s.baseUrlSet}`;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
