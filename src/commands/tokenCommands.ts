import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { noticeText } from '../core/serviceText';
import { TOKEN_ENV_VAR, tokenProblem } from '../core/tokenFormat';
import { CommandId, Setting } from '../ids';
import type { Log } from '../services/log';
import { notify } from '../services/notify';
import { promptForSetting } from '../services/settingPrompt';
import type { TokenStore } from '../services/tokenStore';
import type { AppsView } from '../views/apps/appsView';
import type { LoadOutcome } from '../views/apps/loadOutcome';
import type { CommandGroup } from './register';

export class TokenCommands {
  constructor(
    private readonly tokens: TokenStore,
    private readonly apps: AppsView,
    private readonly log: Log,
  ) {}

  table(): CommandGroup<typeof CommandId.setAccessToken | typeof CommandId.clearAccessToken> {
    return {
      [CommandId.setAccessToken]: () => this.set(),
      [CommandId.clearAccessToken]: () => this.clear(),
    };
  }

  private async set(): Promise<void> {
    const value = await vscode.window.showInputBox({
      title: l10n.t('Build Service: Set Access Token'),
      prompt: l10n.t('Paste your personal access token (dashboard → your profile → access token).'),
      placeHolder: l10n.t('Personal access token'),
      password: true,
      // Users switch to the browser to copy the token; losing focus must not lose the box.
      ignoreFocusOut: true,
      // An empty box is not an error yet (it is how the box opens); accepting it changes nothing.
      validateInput: (text) => (text.trim() === '' ? undefined : tokenProblem(text)),
    });
    if (value === undefined || value.trim() === '') return;
    await this.tokens.set(value);
    this.log.info('Access token stored; checking it with the build service.');
    reportCheck(await this.apps.refresh());
  }

  private async clear(): Promise<void> {
    await this.tokens.clear();
    this.log.info('Access token removed from secret storage.');
    const stillFromEnv = (await this.tokens.source()) === 'environment';
    void notify(
      'info',
      stillFromEnv
        ? noticeText(l10n.t('Access token removed. The token in the {0} environment variable is used from now on.'), TOKEN_ENV_VAR)
        : noticeText(l10n.t('Access token removed.')),
    );
  }
}

function reportCheck(outcome: LoadOutcome): void {
  if (outcome.status === 'loaded') {
    const n = outcome.count;
    const apps = n === 0 ? l10n.t('no apps') : n === 1 ? l10n.t('1 app') : l10n.t('{0} apps', n.toLocaleString(vscode.env.language));
    void notify('info', noticeText(l10n.t('Access token saved. The build service lists {0} for it.'), apps));
  } else if (outcome.status === 'skipped' && (outcome.reason === 'not-configured' || outcome.reason === 'invalid-setting')) {
    promptForSetting(
      Setting.baseUrl,
      noticeText(l10n.t('Access token saved. Set {0} to your build service to check it.'), Setting.baseUrl),
    );
  }
}
