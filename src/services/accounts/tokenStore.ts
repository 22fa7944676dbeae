import vscode = require('vscode');
import { SETTINGS_TOKEN_KEY } from '../../core/accounts/accounts';
import { normalizeToken, tokenProblem, TOKEN_ENV_VAR } from '../../core/accounts/tokenFormat';

/** The key of the account buildService.baseUrl names. Tokens are never kept in settings or globalState. */
export const TOKEN_SECRET_KEY = SETTINGS_TOKEN_KEY;

/**
 * One account's token under its own key in context.secrets, else (for the account of
 * buildService.baseUrl only) BUILD_SERVICE_TOKEN; changes here and in other windows come as one event.
 */
export class TokenStore implements vscode.Disposable {
  private stored: string | undefined;
  private firstRead: Promise<void> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  /** Bumped on every change, so "the same token as before" is cheap to tell. */
  private version = 0;

  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    readonly key = TOKEN_SECRET_KEY,
    private readonly useEnvironment = key === TOKEN_SECRET_KEY,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === key) void this.reload();
    });
  }

  get generation(): number {
    return this.version;
  }

  /** Read at use time; the stored token wins over the environment. */
  async get(): Promise<string | undefined> {
    await this.loaded();
    return this.stored ?? this.environment();
  }

  async source(): Promise<'stored' | 'environment' | 'none'> {
    await this.loaded();
    if (this.stored) return 'stored';
    return this.environment() ? 'environment' : 'none';
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

  /** What the log must never show; before the first read nothing logged can hold the stored token. */
  knownSecrets(): string[] {
    return [this.stored, this.environment()].filter((t): t is string => !!t);
  }

  // The first reader asks the workbench, not activation (a round trip nobody waits for while the views
  // are closed). No change fires: nobody has seen another value yet.
  private loaded(): Promise<void> {
    this.firstRead ??= this.readStored().then((token) => {
      this.stored = token;
    });
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

  private environment(): string | undefined {
    return this.useEnvironment ? fromEnvironment() : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function fromEnvironment(): string | undefined {
  const value = process.env[TOKEN_ENV_VAR]?.trim();
  return value ? value : undefined;
}
