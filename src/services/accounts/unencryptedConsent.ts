import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { ApiError } from '../../api/errors';
import { CommandId } from '../../ids';
import { noticeText } from '../../core/text/serviceText';
import { isUnencryptedRemote } from '../../core/network/unencrypted';
import type { Log } from '../log';
import { notify } from '../notify';
import { PersistentState } from '../persistentState';

// Functions, not constants: the translation is read when the question is asked, not at load.
const SEND = (): string => l10n.t('Send Token Unencrypted');
const DONT_SEND = (): string => l10n.t("Don't Send");

type Choice = 'allow' | 'deny';

// Nothing goes to a remote http:// address until the user agrees, once per address (only the yes/no
// is stored). Requests fail at once while the question is open (it may sit for hours); agreeing refreshes.
export class UnencryptedConsent {
  private readonly asking = new Set<string>();
  private readonly state: PersistentState;

  constructor(
    memento: vscode.Memento,
    private readonly log: Log,
  ) {
    this.state = new PersistentState(memento);
  }

  /** Throws ApiError kind `unencrypted` unless the token may go to `baseUrl`. */
  ensure(baseUrl: string): void {
    if (!isUnencryptedRemote(baseUrl)) return;
    const address = new URL(baseUrl).origin;
    const choice = this.choices()[address];
    if (choice === 'allow') return;
    if (choice === 'deny') {
      throw new ApiError(
        'unencrypted',
        l10n.t(
          'You chose not to send the access token to {0} unencrypted; nothing was sent. Use an https:// address, or run "Build Service: Allow Sending the Token Unencrypted…" to change your mind.',
          address,
        ),
        { url: baseUrl },
      );
    }
    this.ask(baseUrl);
    throw new ApiError(
      'unencrypted',
      l10n.t(
        '{0} is not encrypted (http://), so the access token would travel in the clear; it was not sent. Answer the warning to continue.',
        address,
      ),
      { url: baseUrl },
    );
  }

  ask(baseUrl: string): void {
    if (!isUnencryptedRemote(baseUrl)) return;
    const address = new URL(baseUrl).origin;
    if (this.asking.has(address)) return;
    this.asking.add(address);
    const message = noticeText(
      l10n.t(
        'The build service address {0} is not encrypted (http://). Your access token would travel in the clear, readable by anyone on the network path. Send it to this address anyway?',
      ),
      address,
    );
    void notify('warning', message, SEND(), DONT_SEND()).then(async (answer) => {
      this.asking.delete(address);
      if (answer === undefined) return; // Dismissed: ask again next time.
      await this.remember(address, answer === SEND() ? 'allow' : 'deny');
      this.log.info(`Unencrypted address ${address}: the user chose ${answer === SEND() ? 'to send' : 'not to send'} the access token.`);
      if (answer === SEND()) void vscode.commands.executeCommand(CommandId.refresh);
    });
  }

  async forgetAll(): Promise<number> {
    const count = Object.keys(this.choices()).length;
    await this.state.write('buildService.unencryptedConsent', undefined);
    this.log.info(`Forgot ${count} choice${count === 1 ? '' : 's'} about sending the token to unencrypted addresses.`);
    return count;
  }

  private choices(): Record<string, Choice> {
    const stored = this.state.read('buildService.unencryptedConsent');
    return stored && typeof stored === 'object' ? (stored as Record<string, Choice>) : {};
  }

  private async remember(address: string, choice: Choice): Promise<void> {
    await this.state.write('buildService.unencryptedConsent', { ...this.choices(), [address]: choice });
  }
}
