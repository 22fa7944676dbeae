import * as vscode from 'vscode';
import { TOKEN_ENV_VAR, tokenProblem } from '../core/tokenFormat';
import type { Services } from '../services';
import type { LoadOutcome } from '../views/apps/appsProvider';
import { CommandId } from '../ids';

export async function setAccessToken(s: Services): Promise<void> {
  const value = await vscode.window.showInputBox({
    title: 'Build Service: Set Access Token',
    prompt: 'Paste your personal access token (dashboard → your profile → access token).',
    placeHolder: 'Personal access token',
    password: true,
    // Users switch to the browser to copy the token; losing focus must not lose the box.
    ignoreFocusOut: true,
    // An empty box is not an error yet (it is how the box opens); accepting it changes nothing.
    validateInput: (text) => (text.trim() === '' ? undefined : tokenProblem(text)),
  });
  if (value === undefined || value.trim() === '') return;
  await s.tokens.set(value);
  s.log.info('Access token stored; checking it with the build service.');
  reportCheck(await s.apps.refresh());
}

/** The outcome of the check that follows a new token. Failures were already shown by the presenter. */
function reportCheck(outcome: LoadOutcome): void {
  if (outcome.status === 'loaded') {
    const n = outcome.count;
    const apps = n === 0 ? 'no apps' : n === 1 ? '1 app' : `${n.toLocaleString('en-US')} apps`;
    void vscode.window.showInformationMessage(`Access token saved. The build service lists ${apps} for it.`);
  } else if (outcome.status === 'skipped' && (outcome.reason === 'not-configured' || outcome.reason === 'invalid-setting')) {
    const openSettings = 'Open Settings';
    void vscode.window
      .showInformationMessage('Access token saved. Set buildService.baseUrl to your build service to check it.', openSettings)
      .then((choice) => {
        if (choice === openSettings) void vscode.commands.executeCommand(CommandId.openSettings, 'buildService.baseUrl');
      });
  }
}

export async function clearAccessToken(s: Services): Promise<void> {
  await s.tokens.clear();
  s.log.info('Access token removed from secret storage.');
  const stillFromEnv = (await s.tokens.source()) === 'environment';
  void vscode.window.showInformationMessage(
    stillFromEnv
      ? `Access token removed. The token in the ${TOKEN_ENV_VAR} environment variable is used from now on.`
      : 'Access token removed.',
  );
}
