import * as l10n from '@vscode/l10n';
import { ApiError } from '../api/errors';
import type { Account, Accounts } from './accounts/accounts';
import type { Log } from './log';
import { describeFailure, describeUnexpected, type UserMessage } from '../core/text/errorMessages';
import { ACTION_LABELS, fixCommand, type FixCommand } from '../core/text/fixActions';
import { CommandId } from '../ids';
import { loggedText, noticeText } from '../core/text/serviceText';
import type { NoticeApis } from './windowApis';

// A rejected token (401) is shown once per account and token, as views refresh often (a token change or a success
// re-arms it); every other failure is shown each time: someone asked, and must learn why nothing happened.
export class ErrorPresenter {
  constructor(
    private readonly log: Log,
    private readonly accounts: Accounts,
    private readonly timeoutSeconds: () => number,
    /** The toast and its button's command: services/windowApis.ts `noticeApis`. */
    private readonly window: NoticeApis,
  ) {}

  /** What to tell the user about `error` (undefined for a cancellation); used by the tree's error node too. */
  describe(error: unknown): UserMessage | undefined {
    return error instanceof ApiError ? describeFailure(error, this.timeoutSeconds()) : describeUnexpected();
  }

  /** Logs the details and shows one notification. `operation` reads like "Loading apps". */
  present(error: unknown, operation: string): void {
    let message = this.describe(error);
    if (!message) return;
    this.logDetails(error, operation);
    // UnencryptedConsent asks with its own warning; a second toast would say the same.
    if (error instanceof ApiError && error.kind === 'unencrypted') return;
    const account = error instanceof ApiError ? this.accounts.ofUrl(error.url) : undefined;
    if (error instanceof ApiError && error.kind === 'unauthorized') {
      const key = `${error.serverMessage ?? ''}|${account?.tokens.generation ?? ''}`;
      if (account && key === account.lastAuthFailure) {
        this.log.info(`Same access-token problem as before for ${account.label}, with the same token: not notifying again.`);
        return;
      }
      if (account) account.lastAuthFailure = key;
      if (account && this.accounts.all().length > 1) message = { ...message, message: accountNotice(account, message.message) };
    }
    this.show(message, account);
  }

  /** A request of `account` went through: its token works, so a later auth failure is news again. */
  succeeded(account: Account | undefined): void {
    if (account) account.lastAuthFailure = undefined;
  }

  /** `account`: whose fix it is (Set Access Token acts on it). */
  show(message: UserMessage, account?: Account): void {
    const labels = message.actions.map((a) => ACTION_LABELS[a]);
    this.log.info(`Notified (${message.severity}): ${message.message} [${labels.join(', ')}]`);
    // Not awaited: the promise settles only when the toast is dismissed.
    const shown = this.window.notify(message.severity, message.message, ...labels);
    void (account ? account.noticeShown(shown) : shown).then((choice) => {
      const action = message.actions.find((a) => ACTION_LABELS[a] === choice);
      if (!action) return;
      const fix = accountFix(fixCommand(message, action), account);
      void this.window.executeCommand(fix.command, ...(fix.arguments ?? []));
    });
  }

  private logDetails(error: unknown, operation: string): void {
    if (!(error instanceof ApiError)) {
      this.log.error(`${operation} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return;
    }
    const parts = [
      error.method && error.url ? `${error.method} ${error.url}` : undefined,
      error.status ? `status ${error.status}` : undefined,
      error.serverMessage ? `server said "${error.serverMessage}"` : undefined,
      error.code,
    ].filter(Boolean);
    // The message and the server's text quote the service: complete, but on one line.
    this.log.warn(loggedText(`${operation} failed (${error.kind}): ${error.message}${parts.length ? ` — ${parts.join(', ')}` : ''}`));
  }
}

/** Set Access Token from an account's failure sets that account's token. */
export function accountFix(fix: FixCommand, account: Account | undefined): FixCommand {
  return account && fix.command === CommandId.setAccessToken ? { ...fix, arguments: [account.id] } : fix;
}

/** With several accounts a 401 says whose token it was. */
function accountNotice(account: Account, text: UserMessage['message']): UserMessage['message'] {
  return `${noticeText(l10n.t('{0}:'), account.label)} ${text}` as UserMessage['message'];
}
