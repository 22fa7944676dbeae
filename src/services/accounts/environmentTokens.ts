import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { TOKEN_ENV_VAR } from '../../core/accounts/tokenFormat';
import { environmentTokenUse, URL_ENV_VAR, type EnvironmentChoice, type EnvironmentTokenUse } from '../../core/accounts/environmentToken';
import { noticeText } from '../../core/text/serviceText';
import type { Log } from '../log';
import { notify } from '../notify';

const STORAGE_KEY = 'buildService.environmentTokenConsent';
// Functions, not constants: the translation is read when the question is asked, not at load.
const USE = (): string => l10n.t('Use the Token There');
const DONT_USE = (): string => l10n.t("Don't Use");

interface AccountLike {
  readonly id: string;
  readonly fromSettings: boolean;
}

// BUILD_SERVICE_TOKEN, read at use time: it goes to the address BUILD_SERVICE_URL names, or else to
// buildService.baseUrl's address once the user agreed, once per address (only the yes/no is stored).
export class EnvironmentTokens implements vscode.Disposable {
  private readonly asking = new Set<string>();
  private readonly changed = new vscode.EventEmitter<string>();
  /** The id of an account whose answer changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly log: Log,
  ) {}

  /** The token, whatever it may be used for: the log never shows it. */
  raw(): string | undefined {
    return read(TOKEN_ENV_VAR);
  }

  use(account: AccountLike): EnvironmentTokenUse {
    return environmentTokenUse(account, { token: this.raw(), url: read(URL_ENV_VAR) }, this.choices()[account.id]);
  }

  /** The token this account may send now; `ask` puts the question when the user has not answered for its address. */
  tokenFor(account: AccountLike, ask: boolean): string | undefined {
    const use = this.use(account);
    if (use === 'ask' && ask) this.ask(account.id);
    return use === 'use' ? this.raw() : undefined;
  }

  /** Signed out: the token in the environment no longer goes there without BUILD_SERVICE_URL naming it. */
  async refuse(account: AccountLike): Promise<void> {
    if (this.use(account) === 'none' && this.choices()[account.id] === undefined) return;
    await this.memento.update(STORAGE_KEY, { ...this.choices(), [account.id]: 'deny' });
  }

  private ask(address: string): void {
    if (this.asking.has(address)) return;
    this.asking.add(address);
    const message = noticeText(
      l10n.t('The environment variable {0} holds an access token, and {1} does not say which service it is for. Send it to {2}?'),
      TOKEN_ENV_VAR,
      URL_ENV_VAR,
      address,
    );
    void notify('warning', message, USE(), DONT_USE()).then(async (answer) => {
      this.asking.delete(address);
      if (answer === undefined) return; // Dismissed: ask again next time.
      const choice: EnvironmentChoice = answer === USE() ? 'allow' : 'deny';
      await this.memento.update(STORAGE_KEY, { ...this.choices(), [address]: choice });
      this.log.info(`${TOKEN_ENV_VAR} for ${address}: the user chose ${choice === 'allow' ? 'to use it' : 'not to use it'}.`);
      this.changed.fire(address);
    });
  }

  private choices(): Record<string, EnvironmentChoice> {
    const stored = this.memento.get<unknown>(STORAGE_KEY);
    return stored && typeof stored === 'object' ? (stored as Record<string, EnvironmentChoice>) : {};
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function read(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}
