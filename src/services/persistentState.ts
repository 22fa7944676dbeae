import type * as vscode from 'vscode';
import type { StoredAccount } from '../core/accounts/accounts';
import type { EnvironmentConsent } from '../core/accounts/environmentToken';
import type { StoredRepos } from '../core/apps/appRepos';
import type { StoredSizes } from '../core/artifacts/sizeStore';

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
  /** globalState, per account: the artifact sizes of finished builds. */
  'buildService.artifactSizes': StoredSizes;
  /** workspaceState, per repository root: the account it uses. */
  'buildService.repositoryAccount': string;
  /** workspaceState: the workspace folders already asked about adding build-artifacts/ to .gitignore. */
  'buildService.gitignoreAsked': readonly string[];
}

export type StateKey = keyof Entries;

/**
 * The one typed store over a Memento: what is written has its key's type; what is read is checked by
 * its owner. Create one per Memento and share it: it is what keeps writes from undoing each other.
 */
export class PersistentState {
  /** Written here, not yet acknowledged by VS Code: read from here. */
  private readonly pending = new Map<string, unknown>();
  private flushing: Promise<void> | undefined;

  constructor(private readonly memento: vscode.Memento) {}

  /** Unknown on purpose: another version of the extension, or a hand edit, may have written anything. */
  read(key: StateKey, scope?: string): unknown {
    const name = keyOf(key, scope);
    return this.pending.has(name) ? this.pending.get(name) : this.memento.get<unknown>(name);
  }

  /** Settles once the value (and whatever was written with it) is with VS Code. */
  write<K extends StateKey>(key: K, value: Entries[K] | undefined, scope?: string): Promise<void> {
    this.pending.set(keyOf(key, scope), value);
    return (this.flushing ??= this.flush());
  }

  // VS Code's globalState replaces its whole copy with the echo of each write it sends; a write made while
  // that echo is on its way is lost (193 of 300 keys in a burst, 1.100). So one batch at a time, each sent
  // once the last is acknowledged (the echo comes before the acknowledgement).
  private async flush(): Promise<void> {
    let failure: Error | undefined;
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending];
        const sent = Promise.allSettled(batch.map(([name, value]) => this.memento.update(name, value)));
        // Read from VS Code's copy from now on, unless written again meanwhile.
        for (const [name, value] of batch) if (this.pending.get(name) === value) this.pending.delete(name);
        for (const result of await sent) if (result.status === 'rejected') failure ??= asError(result.reason);
      }
    } finally {
      this.flushing = undefined;
    }
    if (failure !== undefined) throw failure;
  }
}

function keyOf(key: StateKey, scope: string | undefined): string {
  return scope === undefined ? key : `${key} ${scope}`;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
