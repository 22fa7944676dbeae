import * as vscode from 'vscode';
import { CommandId } from '../ids';
import type { Services } from '../services';

/** VS Code's own proxy settings, where a 407 is fixed (http.proxy and its neighbours). */
export async function openProxySettings(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxy');
}

/** Asks again whether the token may go to the current http:// address (the warning's own buttons decide). */
export function allowUnencrypted(s: Services): void {
  const { baseUrl } = s.settings.value;
  if (!s.clients.consent || !baseUrl) return;
  s.clients.consent.ask(baseUrl);
}

/** Revokes every remembered yes or no: the next request to an http:// address asks again. */
export async function forgetUnencryptedChoices(s: Services): Promise<void> {
  const count = (await s.clients.consent?.forgetAll()) ?? 0;
  void vscode.window.showInformationMessage(
    count === 0
      ? 'No choices about unencrypted addresses were remembered.'
      : `Forgot ${count === 1 ? 'your choice' : `${count} choices`} about sending the access token to unencrypted (http://) addresses; you will be asked again.`,
  );
  void vscode.commands.executeCommand(CommandId.refresh);
}
