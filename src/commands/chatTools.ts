import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, BuildServiceClient, BuildStatus } from '../api';
import { CONFIRMATION_LIFETIME_MS, Confirmations } from '../core/tools/confirmations';
import { FILTER_STATUSES } from '../core/builds/filter';
import { loggedText, shownText } from '../core/text/serviceText';
import {
  appNames,
  branchStatusText,
  buildListText,
  failedTestsText,
  findApp,
  named,
  quoted,
  triggerQuestion,
} from '../core/tools/toolAnswers';
import { ToolName, type ToolNameValue } from '../ids';
import type { CurrentBranch } from '../services/branch/currentBranch';
import type { GitWorkspace } from '../services/branch/gitWorkspace';
import type { Log } from '../services/log';
import type { BuildPoller } from '../services/builds/poller';
import type { Session } from '../services/accounts/session';
import type { SettingsService } from '../services/settings';
import type { AppsView } from '../views/apps/appsView';
import type { Account } from '../services/accounts/accounts';
import { notReady } from '../core/accounts/connection';
import { Answer, failureAnswer, toolResult, type AccountInput, type ListInput, type TestsInput, type TriggerInput } from './chatToolResult';

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

export interface ChatToolsDeps {
  session: Session;
  branch: CurrentBranch;
  git: GitWorkspace;
  poller: BuildPoller;
  apps: AppsView;
  settings: SettingsService;
  log: Log;
}

// Every answer is short plain text, failures too (the notification's words). Triggering asks first, naming app and
// branch, or its preparation throws so VS Code neither asks nor invokes; invoke() starts only what was confirmed.
export class ChatTools {
  private readonly confirmed = new Confirmations<Target>(sameTarget);

  constructor(private readonly deps: ChatToolsDeps) {
    // Confirmations were given for the service and token of their time.
    deps.session.onDidChange(() => this.confirmed.clear());
    deps.session.accounts.onDidChange(() => this.confirmed.clear());
  }

  tools(): Record<ToolNameValue, vscode.LanguageModelTool<object>> {
    return {
      [ToolName.branchStatus]: { invoke: (options) => this.answer(() => this.branchStatus(options.input)) },
      [ToolName.listBuilds]: { invoke: (options) => this.answer(() => this.listBuilds(options.input)) },
      [ToolName.failedTests]: { invoke: (options) => this.answer(() => this.failedTests(options.input)) },
      [ToolName.triggerBuild]: {
        prepareInvocation: (options) => this.prepareTrigger(options.input),
        invoke: (options) => this.answer(() => this.trigger(options.input)),
      },
    };
  }

  private answer(work: () => Promise<string>): Promise<vscode.LanguageModelToolResult> {
    return toolResult(work, this.deps.log, this.deps.settings.value.timeoutSeconds);
  }

  private currentBranch(): string | undefined {
    const { snapshot } = this.deps.git;
    return snapshot.kind === 'repository' ? snapshot.branch : undefined;
  }

  /** The account named by its label, else the one the current repository uses (else the window's). */
  private accountOf(input: AccountInput): Account {
    const { accounts } = this.deps.session;
    const label = typeof input.account === 'string' ? input.account.trim() : '';
    if (label) {
      const found = accounts.byLabel(label);
      if (!found)
        throw new Answer(
          l10n.t(
            'No account is called {0}. The accounts are: {1}.',
            quoted(label),
            accounts
              .all()
              .map((a) => named(a.label))
              .join(', '),
          ),
        );
      return found;
    }
    const account = this.deps.branch.activeAccount;
    if (!account) throw notReady({ kind: 'not-configured' });
    return account;
  }

  private async branchStatus(input: AccountInput): Promise<string> {
    const account = this.accountOf(input);
    await account.ready();
    await this.deps.branch.reload();
    // The repository's builds come from the account it uses; another account has none of them.
    const used = this.deps.branch.activeAccount;
    if (used && account !== used)
      throw new Answer(l10n.t('The current branch is followed with the account {0}; name that one, or no account.', named(used.label)));
    const state = this.deps.branch.state;
    switch (state.kind) {
      case 'builds':
        return branchStatusText(state.branch, state.entries, Date.now());
      case 'failed':
        throw state.error;
      case 'no-app':
        return l10n.t('No app builds this repository (branch {0}); buildService.appId can name one.', state.branch);
      case 'choose-account': {
        const labels = state.accounts.map((id) => named(this.deps.session.accounts.byId(id)?.label ?? id)).join(', ');
        return l10n.t('Apps of several accounts build this repository ({0}); which one it uses is not chosen yet.', labels);
      }
      case 'detached':
        return l10n.t('No branch is checked out (detached HEAD).');
      case 'no-git':
      case 'no-repository':
        return l10n.t('No Git repository is open, so there is no current branch.');
      default:
        return l10n.t('The current branch is not known yet; try again in a moment.');
    }
  }

  /** The named app, or the only app that builds this repository. */
  private async app(client: BuildServiceClient, name: string | undefined): Promise<App> {
    const apps = await this.deps.session.apps(client);
    if (name?.trim()) {
      const found = findApp(apps, name);
      if (!found.app) throw new Answer(found.problem ?? l10n.t('No app is called {0}.', quoted(name)));
      return found.app;
    }
    const state = this.deps.branch.state;
    const mine = state.kind === 'builds' ? state.entries.map((e) => e.app) : [];
    if (mine.length === 1) return mine[0];
    throw new Answer(l10n.t('Which app? Name one of: {0}.', appNames(mine.length ? mine : apps)));
  }

  private async listBuilds(input: ListInput): Promise<string> {
    const client = await this.accountOf(input).ready();
    const app = await this.app(client, input.app);
    const state = input.state?.trim().toLowerCase();
    if (state && !(FILTER_STATUSES as readonly string[]).includes(state))
      throw new Answer(l10n.t('The state must be one of {0}, not {1}.', FILTER_STATUSES.join(', '), quoted(input.state)));
    const limit = Math.min(Math.max(Math.trunc(Number(input.limit) || 10), 1), 50);
    const filter = { branch: input.branch?.trim() || undefined, status: state as BuildStatus | undefined };
    const builds = await client.listBuilds(app.id, { ...filter, limit });
    return buildListText(app, filter, builds, Date.now());
  }

  private async failedTests(input: TestsInput): Promise<string> {
    const client = await this.accountOf(input).ready();
    let build;
    let appName: string;
    if (input.buildId?.trim()) {
      build = await client.getBuild(input.buildId.trim());
      appName = build.appId ? this.deps.session.nameOf(build.appId) : l10n.t('its app');
    } else {
      const app = await this.app(client, input.app);
      appName = app.name || app.id;
      if (input.buildNumber === undefined) {
        build = await client.getLatestBuild(app.id, { branch: this.currentBranch() });
      } else {
        const builds = await client.listBuilds(app.id, { limit: 100 });
        build = builds.find((b) => b.buildNumber === Number(input.buildNumber));
        if (!build)
          throw new Answer(l10n.t('{0} has no build #{1} among its latest 100 builds.', named(appName), named(String(input.buildNumber))));
      }
    }
    const results = build.finished ? await client.getTests(build.id) : { tests: [] };
    return failedTestsText(build, appName, results.tests);
  }

  /** Works out what would be built, so the confirmation names exactly that. */
  private async target(input: TriggerInput): Promise<Target> {
    const account = this.accountOf(input);
    const client = await account.ready();
    const app = await this.app(client, input.app);
    const branch = input.branch?.trim() || this.currentBranch();
    if (!branch) throw new Answer(l10n.t('Which branch? No branch is checked out here; name one.'));
    // A name the question could not show as it is would ask about one branch and build another.
    if (shownText(branch) !== branch)
      throw new Answer(l10n.t('The branch name {0} cannot be shown as it is; nothing was started.', quoted(branch)));
    return { app, branch, account };
  }

  private async prepareTrigger(input: TriggerInput): Promise<vscode.PreparedToolInvocation> {
    let target: Target;
    try {
      target = await this.target(input);
    } catch (error) {
      throw new Error(failureAnswer(error, this.deps.log, this.deps.settings.value.timeoutSeconds));
    }
    this.confirmed.keep(keyOf(input), target);
    const [name, branch] = [target.app.name || target.app.id, target.branch];
    return {
      invocationMessage: l10n.t('Triggering a build of {0} on {1}', named(name), named(branch)),
      confirmationMessages: triggerQuestion(name, branch, this.deps.session.accounts.all().length > 1 ? target.account.label : undefined),
    };
  }

  /** Starts what the confirmation for this input named, never anything worked out anew. */
  private async trigger(input: TriggerInput): Promise<string> {
    const taken = this.confirmed.take(keyOf(input));
    if (taken.kind !== 'confirmed') throw new Answer(notConfirmed(taken.kind));
    const { app, branch, account } = taken.target;
    // Signed out since the confirmation: that account is no longer there to build with.
    if (!this.deps.session.accounts.all().includes(account)) throw new Answer(notConfirmed('none'));
    const client = await account.ready();
    const id = await client.triggerBuild(app.id, { branch });
    this.deps.log.info(loggedText(`Chat tool triggered build ${id} of ${app.id} on ${branch}.`));
    const build = await client.getBuild(id).catch(() => undefined);
    if (build) {
      this.deps.poller.follow(build, 'triggered', account);
      this.deps.branch.showBuild(account, build);
    }
    this.deps.apps.invalidate();
    const [name, status] = [named(app.name || app.id), build ? build.status : 'queued'];
    return build?.buildNumber !== undefined
      ? l10n.t(
          'Started build #{0} of {1} on {2} (id {3}); it is {4}. The Build Service views follow it.',
          build.buildNumber,
          name,
          named(branch),
          named(id),
          status,
        )
      : l10n.t(
          'Started build of {0} on {1} (id {2}); it is {3}. The Build Service views follow it.',
          name,
          named(branch),
          named(id),
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
