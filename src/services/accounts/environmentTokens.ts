import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { TOKEN_ENV_VAR } from '../../core/accounts/tokenFormat';
import {
  consentOf,
  environmentTokenUse,
  malformedUrl,
  tokenFingerprint,
  URL_ENV_VAR,
  type EnvironmentChoice,
  type EnvironmentConsent,
  type EnvironmentTokenUse,
  type EnvironmentValues,
} from '../../core/accounts/environmentToken';
import { noticeText } from '../../core/text/serviceText';
import type { Log } from '../log';
import { notify } from '../notify';
import { PersistentState } from '../persistentState';

// Functions, not constants: the translation is read when the question is asked, not at load.
const USE = (): string => l10n.t('Use the Token There');
const DONT_USE = (): string => l10n.t("Don't Use");

interface AccountLike {
  readonly id: string;
  readonly fromSettings: boolean;
}

// BUILD_SERVICE_TOKEN, read at use time: it goes to the address BUILD_SERVICE_URL names, or else to
// buildService.baseUrl's address once the user agreed, once per address and token (the yes/no is
// stored with the token's fingerprint, never the token).
export class EnvironmentTokens implements vscode.Disposable {
  private readonly asking = new Set<string>();
  /** The malformed BUILD_SERVICE_URL last said, so it is said once. */
  private saidMalformed: string | undefined;
  private readonly changed = new vscode.EventEmitter<string>();
  /** The id of an account whose answer changed. */
  readonly onDidChange = this.changed.event;

  private readonly state: PersistentState;

  constructor(
    memento: vscode.Memento,
    private readonly log: Log,
  ) {
    this.state = new PersistentState(memento);
  }

  /** The token, whatever it may be used for: the log never shows it. */
  raw(): string | undefined {
    return read(TOKEN_ENV_VAR);
  }

  use(account: AccountLike): EnvironmentTokenUse {
    const env = { token: this.raw(), url: read(URL_ENV_VAR) };
    this.sayIfMalformed(env);
    return environmentTokenUse(account, env, consentOf(this.choices()[account.id]));
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
    await this.remember(account.id, 'deny');
  }

  private async remember(address: string, choice: EnvironmentChoice): Promise<void> {
    const token = this.raw();
    // Without a token there is nothing to answer for: any token that comes later is asked about.
    const consent: EnvironmentConsent = { choice, fingerprint: token ? tokenFingerprint(token) : '' };
    await this.state.write('buildService.environmentTokenConsent', { ...this.choices(), [address]: consent });
  }

  /** A BUILD_SERVICE_URL that is no address means "not here", which the user should hear once, not find out. */
  private sayIfMalformed(env: EnvironmentValues): void {
    if (!env.token || !malformedUrl(env)) return;
    if (this.saidMalformed === env.url) return;
    this.saidMalformed = env.url;
    this.log.warn(`${URL_ENV_VAR} is set but is not an http(s) address; ${TOKEN_ENV_VAR} is sent to no service.`);
    const message = noticeText(
      l10n.t('{0} is set but is not an address of a build service, so the token in {1} is sent nowhere. Correct or remove {0}.'),
      URL_ENV_VAR,
      TOKEN_ENV_VAR,
    );
    void notify('warning', message);
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
      await this.remember(address, choice);
      this.log.info(`${TOKEN_ENV_VAR} for ${address}: the user chose ${choice === 'allow' ? 'to use it' : 'not to use it'}.`);
      this.changed.fire(address);
    });
  }

  /** As stored: each answer is checked where it is read (consentOf). */
  private choices(): Record<string, EnvironmentConsent> {
    const stored = this.state.read('buildService.environmentTokenConsent');
    return stored && typeof stored === 'object' ? (stored as Record<string, EnvironmentConsent>) : {};
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function read(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}
