import vscode = require('vscode');
import type { App, BuildServiceClient } from '../../api';
import { accountIdOf, findByLabel, isAccountSecretKey, secretKeyOf } from '../../core/accounts/accounts';
import type { Log } from '../log';
import { NetworkSettings } from '../networkSettings';
import type { SettingsService } from '../settings';
import { Account } from './account';
import { AccountChoice } from './accountChoice';
import { AccountList } from './accountList';
import { AccountTokens } from './accountTokens';
import type { ClientCacheDeps } from './clientCache';
import { checkToken } from './signInCheck';
import { NewAddressNotice } from './newAddressNotice';
import { StoredAccounts } from './storedAccounts';
import type { UnencryptedConsent } from './unencryptedConsent';
import { Disposable } from '../../core/disposable';

export { Account, type Connection } from './account';

export interface AccountsDeps {
  secrets: vscode.SecretStorage;
  globalState: vscode.Memento;
  settings: SettingsService;
  log: Log;
  userAgent: string;
  consent?: UnencryptedConsent;
}

/** buildService.baseUrl's account first, then those of the Accounts menu; built when first asked. */
export class Accounts extends Disposable {
  private list: Account[] | undefined;
  private readonly network = new NetworkSettings();
  readonly tokens: AccountTokens;
  private readonly stored: StoredAccounts;
  private readonly choice: AccountChoice;
  private readonly newAddress: NewAddressNotice;
  private readonly accountList: AccountList;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly tokenChanged = new vscode.EventEmitter<Account>();

  readonly onDidChange = this.changed.event;
  /** One account's token was set or cleared (here or in another window). */
  readonly onDidChangeToken = this.tokenChanged.event;

  constructor(private readonly deps: AccountsDeps) {
    super();
    this.stored = new StoredAccounts(deps.globalState);
    this.choice = new AccountChoice(deps.settings, deps.log);
    this.tokens = new AccountTokens(deps.secrets, deps.globalState, deps.log, () => this.settingsAccount()?.id);
    this.newAddress = new NewAddressNotice(this.tokens.environment);
    this.accountList = new AccountList({
      settings: deps.settings,
      stored: this.stored,
      make: (fromSettings, id, label, invalid) => {
        const tokens = this.tokens.storeFor(id, fromSettings);
        const account = new Account(id, label, tokens, fromSettings, this.clientDeps(), deps.log, invalid);
        tokens.onDidChange(() => this.tokenChanged.fire(account));
        return account;
      },
    });
    this.register(
      deps.settings.onDidChange((s) => {
        if (this.list === undefined) return; // nothing built yet: nothing to rebuild
        if (!this.accountList.isBuiltFor(s)) return this.addressChanged();
        if (this.choice.changed(s.account)) this.changed.fire();
      }),
      // An account signed in or out in another window: its secret changes, and the list with it.
      deps.secrets.onDidChange((e) => {
        if (this.list && isAccountSecretKey(e.key)) this.rebuild();
      }),
    );
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
    this.list ??= this.accountList.build([]);
    return this.list;
  }

  /** Starts reading every account's token: whatever activated the extension is about to ask. */
  readAhead(): void {
    for (const account of this.all()) account.tokens.readAhead();
  }

  /** The account work acts for when nothing names one (buildService.account, else the first). */
  chosen(): Account | undefined {
    return this.choice.choose(this.all());
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
    return url ? this.all().find((a) => a.id !== '' && (url === a.id || url.startsWith(`${a.id}/`))) : undefined;
  }

  forgetApps(): void {
    for (const account of this.all()) account.forgetApps();
  }

  /** The secret of the account buildService.baseUrl names now. */
  settingsSecretKey(): string {
    return secretKeyOf(this.deps.settings.value.baseUrl);
  }

  /** What the log must never show. */
  knownSecrets(): string[] {
    return [...new Set([...this.tokens.knownSecrets(), ...(this.list ?? []).flatMap((a) => a.tokens.knownSecrets())])];
  }

  /** One GET /apps with this address and token, through a client of its own that is closed after. */
  check(baseUrl: string, token: string, label: string): Promise<readonly App[]> {
    return checkToken(baseUrl, token, label, this.clientDeps(), this.deps.log);
  }

  /** Stores the token (SecretStorage, under the account's address) and the address and label (globalState). */
  async signIn(baseUrl: string, label: string, token: string, apps?: readonly App[]): Promise<Account> {
    const id = accountIdOf(baseUrl);
    const tokens = this.byId(id)?.tokens ?? this.tokens.storeFor(id, false);
    try {
      await tokens.set(token);
    } finally {
      if (!this.byId(id)) tokens.dispose();
    }
    await this.stored.put(id, label);
    const changed = this.rebuild(false);
    const account = this.byId(id);
    if (!account) throw new Error(`account ${id} missing after sign-in`);
    // Before anyone hears of the account: the view shows the checked list without asking again.
    if (apps) account.adoptApps(apps);
    if (changed) this.changed.fire();
    return account;
  }

  /** Forgets every secret of the account and, unless buildService.baseUrl names it, the account. */
  async signOut(id: string): Promise<Account | undefined> {
    const account = this.byId(id);
    if (!account) return undefined;
    await this.stored.remove(id);
    await this.tokens.forget(account);
    this.rebuild();
    return account;
  }

  private settingsAccount(): Account | undefined {
    return this.list?.find((a) => a.fromSettings);
  }

  private clientDeps(): ClientCacheDeps {
    const { settings, log, userAgent, consent } = this.deps;
    return { settings, network: this.network, log, userAgent, consent };
  }

  /** buildService.baseUrl names another address: its account, with its own token or none. */
  private addressChanged(): void {
    const before = this.settingsAccount();
    if (before) this.tokens.leaving(before.id);
    this.rebuild();
    const after = this.settingsAccount();
    if (after && after.id !== before?.id) void this.newAddress.check(after);
  }

  /** Whether the list changed; `announce` fires onDidChange then. */
  private rebuild(announce = true): boolean {
    const before = (this.list ?? []).map((a) => `${a.fromSettings}|${a.id}|${a.label}`).join('\n');
    this.list = this.accountList.build(this.list ?? []);
    this.choice.changed(this.deps.settings.value.account);
    const changed = this.list.map((a) => `${a.fromSettings}|${a.id}|${a.label}`).join('\n') !== before;
    if (changed && announce) this.changed.fire();
    return changed;
  }

  override dispose(): void {
    super.dispose();
    for (const account of this.list ?? []) account.dispose();
    this.tokens.dispose();
    this.network.dispose();
    this.changed.dispose();
    this.tokenChanged.dispose();
  }
}
