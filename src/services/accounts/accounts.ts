import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { BuildServiceClient, type App } from '../../api';
import {
  accountIdOf,
  chooseAccount,
  findByLabel,
  hostOf,
  isAccountSecretKey,
  readStoredAccounts,
  secretKeyOf,
  type StoredAccount,
} from '../../core/accounts/accounts';
import { notReady, type NotReady } from '../../core/accounts/connection';
import { noticeText } from '../../core/text/serviceText';
import { Setting } from '../../ids';
import { ClientCache, type ClientCacheDeps } from './clientCache';
import type { Log } from '../log';
import { NetworkSettings } from '../networkSettings';
import { promptForSetting } from '../settingPrompt';
import type { SettingsService } from '../settings';
import { TokenStore } from './tokenStore';
import { uniqueById } from '../uniqueLists';
import type { UnencryptedConsent } from './unencryptedConsent';

/** Whether the service can be asked, and if not, why. */
export type Connection = NotReady | { kind: 'ready'; client: BuildServiceClient };

/** globalState: addresses and labels of the accounts signed in through the Accounts menu. */
const STORED_ACCOUNTS_KEY = 'buildService.accounts';

/** One service address with its token and its own client: only its token goes to its address. */
export class Account implements vscode.Disposable {
  private appList: { client: BuildServiceClient; apps: readonly App[] } | undefined;
  private generation = 0;
  private readonly names = new Map<string, string>();
  private readonly clients: ClientCache | undefined;
  private readonly subscription: vscode.Disposable;
  /** The last 401 shown for this account and token, so a refresh does not show it again. */
  lastAuthFailure: string | undefined;
  readonly onDidChange: vscode.Event<void>;

  constructor(
    /** The normalized address ('' when buildService.baseUrl is not valid). */
    readonly id: string,
    public label: string,
    readonly tokens: TokenStore,
    /** True for the account of buildService.baseUrl, which keeps the token and BUILD_SERVICE_TOKEN of old. */
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
    return `${this.id}/${id}`;
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

  dispose(): void {
    this.forgetApps();
    this.subscription.dispose();
    this.clients?.dispose();
    // The token store of buildService.baseUrl's account outlives it (Accounts.settingsTokens).
    if (!this.fromSettings) this.tokens.dispose();
  }
}

export interface AccountsDeps {
  secrets: vscode.SecretStorage;
  globalState: vscode.Memento;
  settings: SettingsService;
  log: Log;
  userAgent: string;
  consent?: UnencryptedConsent;
}

/** buildService.baseUrl's account first (nothing to migrate), then those of the Accounts menu; built when first asked. */
export class Accounts implements vscode.Disposable {
  private list: Account[] | undefined;
  private readonly network = new NetworkSettings();
  /** The token of buildService.baseUrl's account; kept while the address changes. */
  readonly settingsTokens: TokenStore;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly tokenChanged = new vscode.EventEmitter<Account>();
  private readonly subscriptions: vscode.Disposable[];
  private settingsKey: string | undefined;
  private chosenLabel: string | undefined;
  private readonly unknownLabels = new Set<string>();

  readonly onDidChange = this.changed.event;
  /** One account's token was set or cleared (here or in another window). */
  readonly onDidChangeToken = this.tokenChanged.event;

  constructor(private readonly deps: AccountsDeps) {
    this.settingsTokens = new TokenStore(deps.secrets);
    this.subscriptions = [
      this.settingsTokens.onDidChange(() => {
        const account = this.list?.find((a) => a.fromSettings);
        if (account) this.tokenChanged.fire(account);
      }),
      deps.settings.onDidChange((s) => {
        if (this.list === undefined) return; // nothing built yet: nothing to rebuild
        if (settingsKeyOf(s) !== this.settingsKey) return this.rebuild();
        if (s.account !== this.chosenLabel) {
          this.chosenLabel = s.account;
          this.changed.fire();
        }
      }),
      // An account signed in or out in another window: its secret changes, and the list with it.
      deps.secrets.onDidChange((e) => {
        if (this.list && isAccountSecretKey(e.key)) this.rebuild();
      }),
    ];
  }

  /** Calls `lost` when the account `of()` names is signed out or its token changes: what came from it must go. */
  onDidLose(of: () => Account | undefined, lost: () => void): vscode.Disposable {
    const check = (changed?: Account): void => {
      const account = of();
      if (account && (account === changed || !this.all().includes(account))) lost();
    };
    return vscode.Disposable.from(
      this.onDidChange(() => check()),
      this.onDidChangeToken(check),
    );
  }

  all(): readonly Account[] {
    this.list ??= this.build();
    return this.list;
  }

  /** The account work acts for when nothing names one (buildService.account, else the first). */
  chosen(): Account | undefined {
    const wanted = this.deps.settings.value.account;
    this.chosenLabel ??= wanted;
    const { account, unknown } = chooseAccount(this.all(), wanted);
    if (unknown) this.reportUnknown(wanted);
    return account;
  }

  byId(id: string): Account | undefined {
    return this.all().find((a) => a.id === id);
  }

  byLabel(label: string): Account | undefined {
    return findByLabel(this.all(), label);
  }

  ofClient(client: BuildServiceClient): Account | undefined {
    return this.all().find((a) => a.owns(client));
  }

  ofUrl(url: string | undefined): Account | undefined {
    if (!url) return undefined;
    return this.all().find((a) => a.id !== '' && (url === a.id || url.startsWith(`${a.id}/`)));
  }

  forgetApps(): void {
    for (const account of this.all()) account.forgetApps();
  }

  /** What the log must never show. */
  knownSecrets(): string[] {
    return [...new Set([...this.settingsTokens.knownSecrets(), ...(this.list ?? []).flatMap((a) => a.tokens.knownSecrets())])];
  }

  /** One GET /apps with this address and token, through a client of its own that is closed after. */
  async check(baseUrl: string, token: string, label: string): Promise<readonly App[]> {
    const pending = new TokenStore(new MemorySecrets(), 'pending', false);
    await pending.set(token);
    const account = new Account(accountIdOf(baseUrl), label, pending, false, this.clientDeps(), this.deps.log);
    try {
      return await account.apps(await account.ready());
    } finally {
      account.dispose();
    }
  }

  /** Stores the token (SecretStorage, a key per account) and the address and label (globalState). */
  async signIn(baseUrl: string, label: string, token: string, apps?: readonly App[]): Promise<Account> {
    const id = accountIdOf(baseUrl);
    const settingsAccount = this.all().find((a) => a.fromSettings && a.id === id);
    if (settingsAccount) await this.settingsTokens.set(token);
    else await this.deps.secrets.store(secretKeyOf(id), token);
    const stored = this.stored().filter((a) => a.baseUrl !== id);
    await this.deps.globalState.update(STORED_ACCOUNTS_KEY, [...stored, { baseUrl: id, label }]);
    const changed = this.rebuild(false);
    const account = this.byId(id);
    if (!account) throw new Error(`account ${id} missing after sign-in`);
    // Before anyone hears of the account: the view shows the checked list without asking again.
    if (apps) account.adoptApps(apps);
    if (changed) this.changed.fire();
    return account;
  }

  /** Forgets the token and, unless buildService.baseUrl names it, the account. */
  async signOut(id: string): Promise<Account | undefined> {
    const account = this.byId(id);
    if (!account) return undefined;
    await this.deps.globalState.update(
      STORED_ACCOUNTS_KEY,
      this.stored().filter((a) => a.baseUrl !== id),
    );
    if (account.fromSettings) await this.settingsTokens.clear();
    else await this.deps.secrets.delete(secretKeyOf(id));
    this.rebuild();
    return account;
  }

  private stored(): StoredAccount[] {
    return readStoredAccounts(this.deps.globalState.get(STORED_ACCOUNTS_KEY));
  }

  private clientDeps(): ClientCacheDeps {
    const { settings, log, userAgent, consent } = this.deps;
    return { settings, network: this.network, log, userAgent, consent };
  }

  private build(): Account[] {
    const s = this.deps.settings.value;
    this.settingsKey = settingsKeyOf(s);
    const stored = this.stored();
    const before = new Map((this.list ?? []).map((a) => [`${a.fromSettings}|${a.id}`, a]));
    const keep = (fromSettings: boolean, id: string, label: string, make: () => Account): Account => {
      // An invalid address is made anew: its problem may be another one.
      const kept = id === '' ? undefined : before.get(`${fromSettings}|${id}`);
      before.delete(`${fromSettings}|${id}`);
      if (!kept) return make();
      kept.label = label;
      return kept;
    };
    const accounts: Account[] = [];
    if (s.baseUrlSet) {
      const problem = s.problems.find((p) => p.setting === Setting.baseUrl)?.problem;
      const id = s.baseUrl;
      const label = stored.find((a) => a.baseUrl === id)?.label ?? hostOf(id);
      accounts.push(
        keep(
          true,
          id,
          label,
          () =>
            new Account(id, label, this.settingsTokens, true, this.clientDeps(), this.deps.log, id === '' ? (problem ?? '') : undefined),
        ),
      );
    }
    for (const { baseUrl, label } of stored) {
      if (accounts.some((a) => a.id === baseUrl)) continue;
      accounts.push(keep(false, baseUrl, label, () => this.storedAccount(baseUrl, label)));
    }
    // Gone: their client closes (requests under way are cancelled), their apps are forgotten.
    for (const gone of before.values()) gone.dispose();
    return accounts;
  }

  private storedAccount(id: string, label: string): Account {
    const tokens = new TokenStore(this.deps.secrets, secretKeyOf(id), false);
    const account = new Account(id, label, tokens, false, this.clientDeps(), this.deps.log);
    tokens.onDidChange(() => this.tokenChanged.fire(account));
    return account;
  }

  /** Whether the list changed; `announce` fires onDidChange then. */
  private rebuild(announce = true): boolean {
    const before = (this.list ?? []).map((a) => `${a.id}|${a.label}`).join('\n');
    this.list = this.build();
    this.chosenLabel = this.deps.settings.value.account;
    const changed = this.list.map((a) => `${a.id}|${a.label}`).join('\n') !== before;
    if (changed && announce) this.changed.fire();
    return changed;
  }

  private reportUnknown(label: string): void {
    if (this.unknownLabels.has(label)) return;
    this.unknownLabels.add(label);
    const message = noticeText(
      l10n.t('{0} names no account of yours: {1}. Nothing changes: the first account is used.'),
      Setting.account,
      label,
    );
    this.deps.log.warn(message);
    promptForSetting(Setting.account, message, 'warning');
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    for (const account of this.list ?? []) account.dispose();
    this.settingsTokens.dispose();
    this.network.dispose();
    this.changed.dispose();
    this.tokenChanged.dispose();
  }
}

function settingsKeyOf(s: { baseUrl: string; baseUrlSet: boolean; problems: readonly { setting: string; problem: string }[] }): string {
  return `${s.baseUrl}|${s.baseUrlSet}|${s.problems.find((p) => p.setting === Setting.baseUrl)?.problem ?? ''}`;
}

/** For the sign-in check: the token is held nowhere but in memory until it is known to work. */
class MemorySecrets implements vscode.SecretStorage {
  private readonly values = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;
  get(key: string): Thenable<string | undefined> {
    return Promise.resolve(this.values.get(key));
  }
  store(key: string, value: string): Thenable<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }
  delete(key: string): Thenable<void> {
    this.values.delete(key);
    return Promise.resolve();
  }
  keys(): Thenable<string[]> {
    return Promise.resolve([...this.values.keys()]);
  }
}
