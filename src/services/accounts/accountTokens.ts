import vscode = require('vscode');
import { secretKeyOf, secretKeysOf } from '../../core/accounts/accounts';
import type { Log } from '../log';
import { EnvironmentTokens } from './environmentTokens';
import { LegacyToken } from './legacyToken';
import { TokenStore } from './tokenStore';
import type { PersistentState } from '../persistentState';

interface AccountLike {
  readonly id: string;
  readonly fromSettings: boolean;
  readonly tokens: TokenStore;
}

// Where each account's token comes from: its own secret (keyed by its address), the address-less token moving into
// the account of buildService.baseUrl, and BUILD_SERVICE_TOKEN where EnvironmentTokens lets it go.
export class AccountTokens implements vscode.Disposable {
  readonly environment: EnvironmentTokens;
  private readonly legacy: LegacyToken;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    globalState: PersistentState,
    log: Log,
    /** The account of buildService.baseUrl now ('' when it has no valid address). */
    settingsAccount: () => string | undefined,
  ) {
    this.environment = new EnvironmentTokens(globalState, log);
    this.legacy = new LegacyToken(secrets, log, () => settingsAccount() || undefined);
  }

  /** The token store of the account at `id`; a store of no address ('') never holds a token. */
  storeFor(id: string, fromSettings: boolean): TokenStore {
    const account = { id, fromSettings };
    return new TokenStore(this.secrets, secretKeyOf(id), {
      environment: (ask) => this.environment.tokenFor(account, ask),
      onDidChangeEnvironment: (listener) =>
        this.environment.onDidChange((changed) => {
          if (changed === id) listener();
        }),
      beforeFirstRead: fromSettings && id !== '' ? () => this.legacy.moveTo(id) : undefined,
    });
  }

  /** buildService.baseUrl leaves `id`: the address-less token, if still unmoved, goes to the address it was given for. */
  leaving(id: string): void {
    if (id !== '') void this.legacy.moveTo(id);
  }

  /** Sign-out: every secret of the account goes, and BUILD_SERVICE_TOKEN goes there only if BUILD_SERVICE_URL names it. */
  async forget(account: AccountLike): Promise<void> {
    await account.tokens.clear();
    for (const key of secretKeysOf(account.id, account.fromSettings)) await this.secrets.delete(key);
    await this.environment.refuse(account);
  }

  /** What the log must never show, beside each account's stored token. */
  knownSecrets(): string[] {
    const raw = this.environment.raw();
    return raw ? [raw] : [];
  }

  dispose(): void {
    this.legacy.dispose();
    this.environment.dispose();
  }
}
