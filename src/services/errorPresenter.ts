import vscode = require('vscode');
import { ApiError } from '../api/errors';
import type { TokenStore } from './tokenStore';
import type { Log } from './log';
import { ACTION_LABELS, describeFailure, describeUnexpected, fixCommand, type UserMessage } from '../core/errorMessages';
import { loggedText } from '../core/serviceText';
import { notify } from './notify';

// A rejected token (401) is shown once per token, as views refresh often (a token change or a success re-arms it);
// every other failure is shown each time: someone asked, and must learn why nothing happened.
export class ErrorPresenter implements vscode.Disposable {
  private lastAuthFailure: string | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly log: Log,
    private readonly tokens: TokenStore,
    private readonly timeoutSeconds: () => number,
  ) {
    this.subscription = tokens.onDidChange(() => (this.lastAuthFailure = undefined));
  }

  /** What to tell the user about `error` (undefined for a cancellation); used by the tree's error node too. */
  describe(error: unknown): UserMessage | undefined {
    return error instanceof ApiError ? describeFailure(error, this.timeoutSeconds()) : describeUnexpected();
  }

  /** Logs the details and shows one notification. `operation` reads like "Loading apps". */
  present(error: unknown, operation: string): void {
    const message = this.describe(error);
    if (!message) return;
    this.logDetails(error, operation);
    // UnencryptedConsent asks with its own warning; a second toast would say the same.
    if (error instanceof ApiError && error.kind === 'unencrypted') return;
    if (error instanceof ApiError && error.kind === 'unauthorized') {
      const key = `${error.serverMessage ?? ''}|${this.tokens.generation}`;
      if (key === this.lastAuthFailure) {
        this.log.info('Same access-token problem as before, with the same token: not notifying again.');
        return;
      }
      this.lastAuthFailure = key;
    }
    this.show(message);
  }

  /** A request went through: the token works, so a later auth failure is news again. */
  succeeded(): void {
    this.lastAuthFailure = undefined;
  }

  show(message: UserMessage): void {
    const labels = message.actions.map((a) => ACTION_LABELS[a]);
    this.log.info(`Notified (${message.severity}): ${message.message} [${labels.join(', ')}]`);
    // Not awaited: the promise settles only when the toast is dismissed.
    void notify(message.severity, message.message, ...labels).then((choice) => {
      const action = message.actions.find((a) => ACTION_LABELS[a] === choice);
      if (!action) return;
      const fix = fixCommand(message, action);
      void vscode.commands.executeCommand(fix.command, ...(fix.arguments ?? []));
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

  dispose(): void {
    this.subscription.dispose();
  }
}
