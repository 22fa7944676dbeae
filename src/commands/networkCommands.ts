import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { CommandId } from '../ids';
import type { SettingsService } from '../services/settings';
import type { UnencryptedConsent } from '../services/unencryptedConsent';
import type { CommandGroup } from './register';

type NetworkCommandId = typeof CommandId.openProxySettings | typeof CommandId.allowUnencrypted | typeof CommandId.forgetUnencryptedChoices;

/** The fix offered with a proxy-authentication failure, and the token on unencrypted (http://) addresses. */
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

  /** Asks again whether the token may go to the current http:// address (the warning's own buttons decide). */
  private allowUnencrypted(): void {
    const { baseUrl } = this.settings.value;
    if (baseUrl) this.consent.ask(baseUrl);
  }

  /** Revokes every remembered yes or no: the next request to an http:// address asks again. */
  private async forgetUnencryptedChoices(): Promise<void> {
    const count = await this.consent.forgetAll();
    void vscode.window.showInformationMessage(
      count === 0
        ? l10n.t('No choices about unencrypted addresses were remembered.')
        : count === 1
          ? l10n.t('Forgot your choice about sending the access token to unencrypted (http://) addresses; you will be asked again.')
          : l10n.t('Forgot {0} choices about sending the access token to unencrypted (http://) addresses; you will be asked again.', count),
    );
    void vscode.commands.executeCommand(CommandId.refresh);
  }
}

/** VS Code's own proxy settings, where a 407 is fixed (http.proxy and its neighbours). */
async function openProxySettings(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxy');
}
