import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, BuildServiceClient } from '../../api';
import { hostOf } from '../../core/accounts/accounts';
import { notReady, type NotReady } from '../../core/accounts/connection';
import { ClientCache, type ClientCacheDeps } from './clientCache';
import type { Log } from '../log';
import type { TokenStore } from './tokenStore';
import { uniqueById } from '../uniqueLists';
import { scopedKey } from '../../core/accounts/scopedKey';

/** Whether the service can be asked, and if not, why. */
export type Connection = NotReady | { kind: 'ready'; client: BuildServiceClient };

/** One service address with its token and its own client: only its token goes to its address. */
export class Account implements vscode.Disposable {
  private appList: { client: BuildServiceClient; apps: readonly App[] } | undefined;
  private generation = 0;
  private readonly names = new Map<string, string>();
  private readonly clients: ClientCache | undefined;
  private readonly subscription: vscode.Disposable;
  /** The last 401 shown for this account and token, so a refresh does not show it again. */
  lastAuthFailure: string | undefined;
  private openNotices = 0;
  readonly onDidChange: vscode.Event<void>;

  constructor(
    /** The normalized address ('' when buildService.baseUrl is not valid). */
    readonly id: string,
    public label: string,
    readonly tokens: TokenStore,
    /** True for the account of buildService.baseUrl, where the address-less token moves and BUILD_SERVICE_TOKEN may go once agreed. */
    readonly fromSettings: boolean,
    clientDeps: ClientCacheDeps,
    private readonly log: Log,
    /** Why buildService.baseUrl cannot be used; then there is no client. */
    private readonly invalid?: string,
  ) {
    this.clients = invalid === undefined ? new ClientCache(clientDeps, { baseUrl: id, tokens, label: () => this.label }) : undefined;
    this.onDidChange = tokens.onDidChange;
    this.subscription = tokens.onDidChange(() => {
      this.lastAuthFailure = undefined;
      this.forgetApps();
    });
  }

  get baseUrl(): string {
    return this.id;
  }

  /** An id of this service's (an app's, a build's) made unique among accounts: services may share ids. */
  scoped(id: string): string {
    return scopedKey(this.id, id);
  }

  get host(): string {
    return hostOf(this.id);
  }

  /** The host without its port. */
  get hostName(): string {
    return this.host.replace(/:\d+$/, '');
  }

  async connection(): Promise<Connection> {
    if (!this.clients) return { kind: 'invalid-setting', problem: this.invalid ?? l10n.t('it is not valid') };
    if ((await this.tokens.get()) === undefined) return { kind: 'no-token' };
    return { kind: 'ready', client: this.clients.get() };
  }

  /** For work someone asked for: rejects with the ApiError saying why this account cannot be asked. */
  async ready(): Promise<BuildServiceClient> {
    const connection = await this.connection();
    if (connection.kind === 'ready') return connection.client;
    throw notReady(connection);
  }

  owns(client: BuildServiceClient): boolean {
    return this.appList?.client === client || (this.clients !== undefined && this.clients.current === client);
  }

  // Asked once per client, each id once (the first wins). Concurrent callers share one request through the
  // client's gate; a caller's `signal` cancels only its own wait.
  async apps(client: BuildServiceClient, signal?: AbortSignal): Promise<readonly App[]> {
    if (this.appList?.client === client) return this.appList.apps;
    const generation = this.generation;
    const apps = this.remember(await client.listApps({ signal }));
    // A Refresh or a new token while this was under way: the answer may already be out of date.
    if (generation === this.generation) this.appList = { client, apps };
    return apps;
  }

  /** The list the sign-in check fetched: the view shows it without asking again. */
  adoptApps(listed: readonly App[]): void {
    if (this.clients) this.appList = { client: this.clients.get(), apps: this.remember(listed) };
  }

  private remember(listed: readonly App[]): readonly App[] {
    const apps = uniqueById(this.log, `the app list of ${this.label}`, listed, (app) => app.id);
    for (const app of apps) this.names.set(app.id, app.name || app.id);
    return apps;
  }

  nameOf(appId: string): string | undefined {
    return this.names.get(appId);
  }

  appNameOf(appId: string | undefined): string {
    return appId ? (this.nameOf(appId) ?? appId) : l10n.t('an app');
  }

  forgetApps(): void {
    this.appList = undefined;
    this.generation++;
  }

  /** A notification about this account, counted until it is closed: VS Code lets no extension close one. */
  noticeShown<T>(notice: Thenable<T>): Thenable<T> {
    this.openNotices++;
    const closed = (): void => {
      this.openNotices--;
    };
    notice.then(closed, closed);
    return notice;
  }

  get noticesOpen(): number {
    return this.openNotices;
  }

  dispose(): void {
    this.forgetApps();
    this.subscription.dispose();
    this.clients?.dispose();
    this.tokens.dispose();
  }
}
