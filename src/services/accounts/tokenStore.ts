import vscode = require('vscode');
import { normalizeToken, tokenProblem } from '../../core/accounts/tokenFormat';
import { Disposable } from '../../core/disposable';

export interface TokenStoreOptions {
  /** The environment's token, when this account may use it; `ask` may put the question of EnvironmentTokens. */
  readonly environment?: (ask: boolean) => string | undefined;
  /** The environment's answer for this account changed. */
  readonly onDidChangeEnvironment?: vscode.Event<void>;
  /** Runs with the first read: the address-less token moving to this account (LegacyToken); true when it moved one. */
  readonly beforeFirstRead?: () => Promise<boolean>;
}

/**
 * One account's token under its own key in context.secrets, else BUILD_SERVICE_TOKEN where EnvironmentTokens
 * allows it; changes here and in other windows come as one event. Tokens are never kept in settings or globalState.
 */
export class TokenStore extends Disposable {
  private stored: string | undefined;
  private firstRead: Promise<void> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Bumped on every change, so "the same token as before" is cheap to tell. */
  private version = 0;
  private disposed = false;

  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    readonly key: string,
    private readonly options: TokenStoreOptions = {},
  ) {
    super();
    this.register(
      secrets.onDidChange((e) => {
        if (e.key === key) void this.reload();
      }),
    );
    if (options.onDidChangeEnvironment) this.register(options.onDidChangeEnvironment(() => this.environmentChanged()));
  }

  get generation(): number {
    return this.version;
  }

  /** Read at use time; the stored token wins over the environment. */
  async get(): Promise<string | undefined> {
    await this.loaded();
    // An account no longer listed (a node may outlive it) sends nothing and asks nothing.
    if (this.disposed) return undefined;
    return this.stored ?? this.options.environment?.(true);
  }

  /** Starts the first read and waits for nothing: whoever asks next finds the token at hand. */
  readAhead(): void {
    void this.loaded();
  }

  /** Asks nothing: 'environment' only where the environment's token is used already. */
  async source(): Promise<'stored' | 'environment' | 'none'> {
    await this.loaded();
    if (this.stored) return 'stored';
    return this.options.environment?.(false) ? 'environment' : 'none';
  }

  async set(raw: string): Promise<void> {
    const token = normalizeToken(raw);
    const problem = tokenProblem(token);
    if (problem) throw new Error(problem);
    await this.loaded(); // a first read still under way must not land after this and undo it
    await this.secrets.store(this.key, token);
    this.apply(token);
  }

  async clear(): Promise<void> {
    await this.loaded();
    await this.secrets.delete(this.key);
    this.apply(undefined);
  }

  /** What the log must never show (the environment's token is EnvironmentTokens'); before the first read nothing logged can hold the stored token. */
  knownSecrets(): string[] {
    return this.stored ? [this.stored] : [];
  }

  // The first read is a round trip to the workbench (readAhead starts it at activation). No change
  // fires: nobody has seen another value yet.
  private loaded(): Promise<void> {
    // Both asked at once, one round trip: only a token that did move is read again.
    this.firstRead ??= (async () => {
      const [moved, stored] = await Promise.all([this.options.beforeFirstRead?.().catch(() => false), this.readStored()]);
      this.stored = moved ? await this.readStored() : stored;
    })();
    return this.firstRead;
  }

  private async reload(): Promise<void> {
    await this.loaded();
    this.apply(await this.readStored());
  }

  private async readStored(): Promise<string | undefined> {
    try {
      const value = await this.secrets.get(this.key);
      return value ? normalizeToken(value) : undefined;
    } catch {
      return undefined; // A broken keyring behaves like "nothing stored"; the view then asks for a token.
    }
  }

  private apply(token: string | undefined): void {
    if (token === this.stored) return; // Our own store() echoes back through onDidChange.
    this.stored = token;
    this.version++;
    this.changed.fire();
  }

  private environmentChanged(): void {
    if (this.stored) return; // the stored token wins: nothing sent changes
    this.version++;
    this.changed.fire();
  }

  override dispose(): void {
    this.disposed = true;
    super.dispose();
    this.changed.dispose();
  }
}
