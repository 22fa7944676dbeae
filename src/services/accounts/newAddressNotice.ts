import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { ACTION_LABELS } from '../../core/text/fixActions';
import { noticeText } from '../../core/text/serviceText';
import { CommandId, Setting } from '../../ids';
import type { Account } from './account';
import type { EnvironmentTokens } from './environmentTokens';
import { notify } from '../notify';

// buildService.baseUrl now names an address with no token: nothing is sent there until the user gives one,
// and one notice says so (once per address in a window). Where BUILD_SERVICE_TOKEN awaits an answer, the
// question is that notice.
export class NewAddressNotice {
  private readonly shown = new Set<string>();

  constructor(private readonly environment: EnvironmentTokens) {}

  async check(account: Account): Promise<void> {
    if (account.id === '' || this.shown.has(account.id)) return;
    if ((await account.tokens.source()) !== 'none') return;
    if (this.environment.use(account) === 'ask') {
      void account.tokens.get(); // puts the question
      return;
    }
    if (this.shown.has(account.id)) return;
    this.shown.add(account.id);
    const set = ACTION_LABELS.setAccessToken;
    const message = noticeText(
      l10n.t(
        'Set Access Token for {0}: {1} now names this address, and no token was given for it. Nothing is sent there until you set one.',
      ),
      account.id,
      Setting.baseUrl,
    );
    const choice = await account.noticeShown(notify('info', message, set));
    if (choice === set) await vscode.commands.executeCommand(CommandId.setAccessToken, account.id);
  }
}
