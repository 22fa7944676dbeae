import type * as vscode from 'vscode';
import type { StoredAccount } from '../core/accounts/accounts';
import type { EnvironmentConsent } from '../core/accounts/environmentToken';
import type { StoredRepos } from '../core/apps/appRepos';

/**
 * Every entry this extension keeps in globalState or workspaceState, by key, with the type written
 * under it. A per-account or per-repository entry is `<key> <scope>`. Nothing secret: tokens are in
 * SecretStorage (services/accounts/tokenStore.ts).
 */
interface Entries {
  /** globalState: the accounts signed in through the Accounts menu. */
  'buildService.accounts': readonly StoredAccount[];
  /** globalState: the address last signed in to, offered first next time. */
  'buildService.lastAddress': string;
  /** globalState: per address, whether the token may be kept unencrypted. */
  'buildService.unencryptedConsent': Record<string, 'allow' | 'deny'>;
  /** globalState: per address, the answer about BUILD_SERVICE_TOKEN and the fingerprint of the token it was for. */
  'buildService.environmentTokenConsent': Record<string, EnvironmentConsent>;
  /** globalState, per account: which repository each app builds. */
  'buildService.appRepositories': StoredRepos;
  /** workspaceState, per repository root: the account it uses. */
  'buildService.repositoryAccount': string;
}

export type StateKey = keyof Entries;

/** One typed view over a Memento: what is written has its key's type; what is read is checked by its owner. */
export class PersistentState {
  constructor(private readonly memento: vscode.Memento) {}

  /** Unknown on purpose: another version of the extension, or a hand edit, may have written anything. */
  read(key: StateKey, scope?: string): unknown {
    return this.memento.get<unknown>(keyOf(key, scope));
  }

  write<K extends StateKey>(key: K, value: Entries[K] | undefined, scope?: string): Thenable<void> {
    return this.memento.update(keyOf(key, scope), value);
  }
}

function keyOf(key: StateKey, scope: string | undefined): string {
  return scope === undefined ? key : `${key} ${scope}`;
}
