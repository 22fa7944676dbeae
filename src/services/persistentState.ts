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
  /** globalState: the folders already asked about adding build-artifacts/ to .gitignore (the newest 200), in any window. */
  'buildService.gitignoreAsked': readonly string[];
}

export type StateKey = keyof Entries;

/**
 * The one typed store over a Memento: what is written has its key's type; what is read is checked by
 * its owner. Create one per Memento and share it: it is what keeps writes from undoing each other.
 */
export class PersistentState {
  /** Written here, not yet sent to VS Code: read from here. */
  private readonly pending = new Map<string, unknown>();
  /** The batch the pending writes go out in: a write waits for its own batch, not for those after it. */
  private nextBatch: Batch | undefined;
  /** The batch VS Code has not yet acknowledged. */
  private inFlight: Batch | undefined;
  private sending = false;

  constructor(private readonly memento: vscode.Memento) {}

  /** Unknown on purpose: another version of the extension, or a hand edit, may have written anything. */
  read(key: StateKey, scope?: string): unknown {
    const name = keyOf(key, scope);
    return this.pending.has(name) ? this.pending.get(name) : this.memento.get<unknown>(name);
  }

  /** Settles once the value is with VS Code; rejects when VS Code refused it (not when another entry was). */
  write<K extends StateKey>(key: K, value: Entries[K] | undefined, scope?: string): Promise<void> {
    const name = keyOf(key, scope);
    this.pending.set(name, value);
    const next = (this.nextBatch ??= batch());
    if (!this.sending) void this.send();
    return next.done.then((failures) => {
      const failure = failures.get(name);
      if (failure) throw failure;
    });
  }

  /**
   * Settles once every write made so far is with VS Code (or refused), or after `withinMs`: what the window's
   * close waits for (VS Code gives deactivate() a few seconds, then ends the host with whatever is queued).
   */
  flush(withinMs = FLUSH_MS): Promise<void> {
    const last = this.nextBatch ?? this.inFlight;
    if (!last) return Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
    return Promise.race([last.done.then(() => undefined), late]).finally(() => clearTimeout(timer));
  }

  // VS Code's globalState replaces its whole copy with the echo of each write it sends; a write made while
  // that echo is on its way is lost (193 of 300 keys in a burst, 1.100). So one batch at a time, each sent
  // once the last is acknowledged (the echo comes before the acknowledgement).
  private async send(): Promise<void> {
    this.sending = true;
    for (let current = this.nextBatch; current; current = this.nextBatch) {
      this.nextBatch = undefined;
      this.inFlight = current;
      const entries = [...this.pending];
      this.pending.clear();
      // Sent now, so VS Code's copy has them before the next read (read from it from now on).
      const outcomes = await Promise.allSettled(entries.map(([name, value]) => this.update(name, value)));
      const failures = new Map<string, Error>();
      outcomes.forEach((outcome, i) => {
        const name = entries[i]?.[0];
        if (outcome.status === 'rejected' && name !== undefined) failures.set(name, asError(outcome.reason));
      });
      current.finish(failures);
    }
    this.inFlight = undefined;
    this.sending = false;
  }

  /** One entry sent; a throw (a value VS Code cannot copy) is that write's failure, not the store's end. */
  private update(name: string, value: unknown): Promise<void> {
    try {
      return Promise.resolve(this.memento.update(name, value));
    } catch (error) {
      return Promise.reject(asError(error));
    }
  }
}

/** How long the window's close waits for the writes queued: a batch takes milliseconds; VS Code allows the host about 5 s. */
const FLUSH_MS = 2_000;

interface Batch {
  /** Each entry VS Code refused, with why. */
  readonly done: Promise<ReadonlyMap<string, Error>>;
  readonly finish: (failures: ReadonlyMap<string, Error>) => void;
}

function batch(): Batch {
  let finish: Batch['finish'] = () => undefined;
  const done = new Promise<ReadonlyMap<string, Error>>((resolve) => (finish = resolve));
  return { done, finish };
}

function keyOf(key: StateKey, scope: string | undefined): string {
  return scope === undefined ? key : `${key} ${scope}`;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
