import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { noticeText } from '../../core/text/serviceText';
import { CommandId } from '../../ids';
import { notify } from '../../services/notify';
import type { SettingsService } from '../../services/settings';
import type { UnencryptedConsent } from '../../services/accounts/unencryptedConsent';
import type { CommandGroup } from '../register';

type NetworkCommandId = typeof CommandId.openProxySettings | typeof CommandId.allowUnencrypted | typeof CommandId.forgetUnencryptedChoices;

export class NetworkCommands {
  constructor(
    private readonly settings: SettingsService,
    private readonly consent: UnencryptedConsent,
  ) {}

  table(): CommandGroup<NetworkCommandId> {
    return {
      [CommandId.openProxySettings]: () => openProxySettings(),
      [CommandId.allowUnencrypted]: () => this.allowUnencrypted(),
      [CommandId.forgetUnencryptedChoices]: () => this.forgetUnencryptedChoices(),
    };
  }

  private allowUnencrypted(): void {
    const { baseUrl } = this.settings.value;
    if (baseUrl) this.consent.ask(baseUrl);
  }

  private async forgetUnencryptedChoices(): Promise<void> {
    const count = await this.consent.forgetAll();
    void notify(
      'info',
      count === 0
        ? noticeText(l10n.t('No choices about unencrypted addresses were remembered.'))
        : count === 1
          ? noticeText(
              l10n.t('Forgot your choice about sending the access token to unencrypted (http://) addresses; you will be asked again.'),
            )
          : noticeText(
              l10n.t('Forgot {0} choices about sending the access token to unencrypted (http://) addresses; you will be asked again.'),
              count,
            ),
    );
    void vscode.commands.executeCommand(CommandId.refresh);
  }
}

async function openProxySettings(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxy');
}
