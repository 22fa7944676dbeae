import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { noticeText } from '../../core/text/serviceText';
import { TOKEN_ENV_VAR, tokenProblem } from '../../core/accounts/tokenFormat';
import { CommandId, Setting } from '../../ids';
import type { Account, Accounts } from '../../services/accounts/accounts';
import type { Log } from '../../services/log';
import { notify } from '../../services/notify';
import { promptForSetting } from '../../services/settingPrompt';
import type { AppsView } from '../../views/apps/appsView';
import type { LoadOutcome } from '../../views/apps/loadOutcome';
import { pickAccount } from './accountCommands';
import type { CommandGroup } from '../register';

// On the account they are run on (a node, a fix's account id), the only one, or a pick. A token belongs to
// an address: with none yet (buildService.baseUrl unset or invalid), they say to set one first.
export class TokenCommands {
  constructor(
    private readonly accounts: Accounts,
    private readonly apps: AppsView,
    private readonly log: Log,
  ) {}

  table(): CommandGroup<typeof CommandId.setAccessToken | typeof CommandId.clearAccessToken> {
    return {
      [CommandId.setAccessToken]: (target) => this.set(target),
      [CommandId.clearAccessToken]: (target) => this.clear(target),
    };
  }

  /** undefined: the user closed the pick, or there is no address to keep a token for (said so). */
  private async account(target: unknown, title: string): Promise<Account | undefined> {
    if (this.accounts.all().some((a) => a.id !== '')) {
      const account = await pickAccount(this.accounts, target, title);
      return account?.id ? account : undefined;
    }
    promptForSetting(
      Setting.baseUrl,
      noticeText(
        l10n.t("Set {0} to your build service's address first: a token is kept for the address it was given for."),
        Setting.baseUrl,
      ),
    );
    return undefined;
  }

  private async set(target: unknown): Promise<void> {
    const account = await this.account(target, l10n.t('Build Service: Set Access Token'));
    if (account === undefined) return;
    const several = this.accounts.all().length > 1;
    const value = await vscode.window.showInputBox({
      title: several ? l10n.t('Build Service: Set Access Token for {0}', account.label) : l10n.t('Build Service: Set Access Token'),
      prompt: l10n.t('Paste your personal access token for {0} (dashboard → your profile → access token).', account.host),
      placeHolder: l10n.t('Personal access token'),
      password: true,
      // Users switch to the browser to copy the token; losing focus must not lose the box.
      ignoreFocusOut: true,
      // An empty box is not an error yet (it is how the box opens); accepting it changes nothing.
      validateInput: (text) => (text.trim() === '' ? undefined : tokenProblem(text)),
    });
    if (value === undefined || value.trim() === '') return;
    await account.tokens.set(value);
    this.log.info(`Access token stored for ${account.label}; checking it with the build service.`);
    const outcome = await this.apps.refresh();
    if (several) return this.reportAccount(account);
    reportCheck(outcome);
  }

  private async clear(target: unknown): Promise<void> {
    const account = await this.account(target, l10n.t('Build Service: Clear Access Token'));
    if (account === undefined) return;
    const tokens = account.tokens;
    await tokens.clear();
    this.log.info(`Access token of ${account.label} removed from secret storage.`);
    const stillFromEnv = (await tokens.source()) === 'environment';
    void notify(
      'info',
      stillFromEnv
        ? noticeText(l10n.t('Access token removed. The token in the {0} environment variable is used from now on.'), TOKEN_ENV_VAR)
        : noticeText(l10n.t('Access token removed.')),
    );
  }

  /** With several accounts, the count of the account whose token it is (listed by the refresh, not asked again). */
  private async reportAccount(account: Account): Promise<void> {
    const connection = await account.connection();
    if (connection.kind !== 'ready') return;
    const n = (await account.apps(connection.client)).length;
    const apps = n === 0 ? l10n.t('no apps') : n === 1 ? l10n.t('1 app') : l10n.t('{0} apps', n.toLocaleString(vscode.env.language));
    void notify('info', noticeText(l10n.t('Access token saved. {0} lists {1} for it.'), account.label, apps));
  }
}

function reportCheck(outcome: LoadOutcome): void {
  if (outcome.status !== 'loaded') return;
  const n = outcome.count;
  const apps = n === 0 ? l10n.t('no apps') : n === 1 ? l10n.t('1 app') : l10n.t('{0} apps', n.toLocaleString(vscode.env.language));
  void notify('info', noticeText(l10n.t('Access token saved. The build service lists {0} for it.'), apps));
}
