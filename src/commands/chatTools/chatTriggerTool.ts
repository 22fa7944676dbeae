import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { App } from '../../api';
import { shownText } from '../../core/text/serviceText';
import { CONFIRMATION_LIFETIME_MS, Confirmations } from '../../core/tools/confirmations';
import { named, quoted, triggerQuestion } from '../../core/tools/toolAnswers';
import type { Account } from '../../services/accounts/accounts';
import type { SettingsService } from '../../services/settings';
import { Answer, failureAnswer, type TriggerInput } from './chatToolResult';
import type { ChatToolScope } from './chatToolScope';
import { triggerAndFollow, type TriggerDeps } from '../builds/triggerAndFollow';

/** What a trigger confirmation named: this app, this branch, on this account. */
interface Target {
  app: App;
  branch: string;
  account: Account;
}

const sameTarget = (a: Target, b: Target) => a.app.id === b.app.id && a.branch === b.branch && a.account === b.account;

/** The key VS Code's two calls share: the input as the model gave it, as far as it decides the target. */
function keyOf(input: TriggerInput): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return JSON.stringify([text(input.app), text(input.branch), text(input.account)]);
}

export interface TriggerToolDeps extends TriggerDeps {
  settings: SettingsService;
}

// Triggering asks first, naming app and branch, or its preparation throws so VS Code neither asks nor
// invokes; invoke() starts only what was confirmed.
export class TriggerTool {
  private readonly confirmed = new Confirmations<Target>(sameTarget);

  constructor(
    private readonly deps: TriggerToolDeps,
    private readonly scope: ChatToolScope,
  ) {
    // Confirmations were given for the service and token of their time.
    deps.session.onDidChange(() => this.confirmed.clear());
    deps.session.accounts.onDidChange(() => this.confirmed.clear());
  }

  /** Works out what would be built, so the confirmation names exactly that. */
  private async target(input: TriggerInput): Promise<Target> {
    const account = this.scope.accountOf(input);
    const client = await account.ready();
    const app = await this.scope.app(client, input.app);
    const branch = input.branch?.trim() || this.scope.currentBranch();
    if (!branch) throw new Answer(l10n.t('Which branch? No branch is checked out here; name one.'));
    // A name the question could not show as it is would ask about one branch and build another.
    if (shownText(branch) !== branch)
      throw new Answer(l10n.t('The branch name {0} cannot be shown as it is; nothing was started.', quoted(branch)));
    return { app, branch, account };
  }

  async prepare(input: TriggerInput): Promise<vscode.PreparedToolInvocation> {
    let target: Target;
    try {
      target = await this.target(input);
    } catch (error) {
      throw new Error(failureAnswer(error, this.deps.log, this.deps.settings.value.timeoutSeconds));
    }
    this.confirmed.keep(keyOf(input), target);
    const [name, branch] = [target.app.name || target.app.id, target.branch];
    return {
      invocationMessage: l10n.t('Triggering a build of {0} on {1}', named(name), shownText(branch)),
      confirmationMessages: triggerQuestion(name, branch, this.deps.session.accounts.all().length > 1 ? target.account.label : undefined),
    };
  }

  /** Starts what the confirmation for this input named, never anything worked out anew. */
  async invoke(input: TriggerInput): Promise<string> {
    const taken = this.confirmed.take(keyOf(input));
    if (taken.kind !== 'confirmed') throw new Answer(notConfirmed(taken.kind));
    const { app, branch, account } = taken.target;
    // Signed out since the confirmation: that account is no longer there to build with.
    if (!this.deps.session.accounts.all().includes(account)) throw new Answer(notConfirmed('none'));
    const client = await account.ready();
    const { id, build } = await triggerAndFollow(this.deps, { account, client, app, branch });
    const name = named(app.name || app.id);
    if (!build)
      return l10n.t(
        'Started a build of {0} on {1} (id {2}); the Build Service views follow it once the service answers for it.',
        name,
        named(branch),
        named(id),
      );
    const status = build.status;
    return build.buildNumber !== undefined
      ? l10n.t(
          'Started build #{0} of {1} on {2} (id {3}); it is {4}. The Build Service views follow it.',
          build.buildNumber,
          name,
          named(branch),
          named(build.id),
          status,
        )
      : l10n.t(
          'Started build of {0} on {1} (id {2}); it is {3}. The Build Service views follow it.',
          name,
          named(branch),
          named(build.id),
          status,
        );
  }
}

/** Why an invocation started nothing: no confirmation of its own to start from. */
function notConfirmed(why: 'none' | 'expired' | 'ambiguous'): string {
  switch (why) {
    case 'expired':
      return l10n.t(
        'Nothing was started: the confirmation is more than {0} minutes old. Call the tool again to ask anew.',
        CONFIRMATION_LIFETIME_MS / 60_000,
      );
    case 'ambiguous':
      return l10n.t('Nothing was started: two confirmations for the same request named different builds. Call the tool again to ask anew.');
    default:
      return l10n.t('Nothing was started: no confirmation was given for this build. Call the tool again so that the user is asked.');
  }
}
