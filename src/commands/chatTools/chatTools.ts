import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { BuildStatus } from '../../api';
import { FILTER_STATUSES } from '../../core/builds/filter';
import { branchStatusText, buildListText, failedTestsText, named, quoted } from '../../core/tools/toolAnswers';
import { ToolName, type ToolNameValue } from '../../ids';
import type { Session } from '../../services/accounts/session';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { GitWorkspace } from '../../services/branch/gitWorkspace';
import type { BuildTracker } from '../../services/builds/buildTracker';
import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { AppsView } from '../../views/apps/appsView';
import { Answer, toolResult, type AccountInput, type ListInput, type TestsInput } from './chatToolResult';
import { ChatToolScope } from './chatToolScope';
import { TriggerTool } from './chatTriggerTool';
import { rowBuild } from '../../core/branch/branchState';

export interface ChatToolsDeps {
  session: Session;
  branch: CurrentBranch;
  git: GitWorkspace;
  tracker: BuildTracker;
  apps: AppsView;
  settings: SettingsService;
  log: Log;
}

// Every answer is short plain text, failures too (the notification's words); Trigger Build is chatTriggerTool.ts.
export class ChatTools {
  private readonly scope: ChatToolScope;
  private readonly triggerTool: TriggerTool;

  constructor(private readonly deps: ChatToolsDeps) {
    this.scope = new ChatToolScope(deps);
    this.triggerTool = new TriggerTool(deps, this.scope);
  }

  /** Every tool but the base comparison's (commands/changed/comparisonTool.ts), the changed functions' (changedCommands.ts) and the sizes' (sizeTool.ts). */
  tools(): Record<
    Exclude<ToolNameValue, typeof ToolName.failuresAgainstBase | typeof ToolName.changedNotTested | typeof ToolName.sizeAgainstBase>,
    vscode.LanguageModelTool<object>
  > {
    return {
      [ToolName.branchStatus]: { invoke: (options) => this.answer(() => this.branchStatus(options.input)) },
      [ToolName.listBuilds]: { invoke: (options) => this.answer(() => this.listBuilds(options.input)) },
      [ToolName.failedTests]: { invoke: (options) => this.answer(() => this.failedTests(options.input)) },
      [ToolName.triggerBuild]: {
        prepareInvocation: (options) => this.triggerTool.prepare(options.input),
        invoke: (options) => this.answer(() => this.triggerTool.invoke(options.input)),
      },
    };
  }

  private answer(work: () => Promise<string>): Promise<vscode.LanguageModelToolResult> {
    return toolResult(work, this.deps.log, this.deps.settings.value.timeoutSeconds);
  }

  private async branchStatus(input: AccountInput): Promise<string> {
    const account = this.scope.accountOf(input);
    await account.ready();
    await this.deps.branch.reload();
    // The repository's builds come from the account it uses; another account has none of them.
    const used = this.deps.branch.activeAccount;
    if (used && account !== used)
      throw new Answer(l10n.t('The current branch is followed with the account {0}; name that one, or no account.', named(used.label)));
    const state = this.deps.branch.state;
    switch (state.kind) {
      case 'builds':
        return branchStatusText(
          state.branch,
          state.entries.map((e) => ({ app: e.app, build: rowBuild(e) })),
          Date.now(),
        );
      case 'failed':
        throw state.error;
      case 'no-app':
        return l10n.t('No app builds this repository (branch {0}); buildService.appId can name one.', named(state.branch));
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

  private async listBuilds(input: ListInput): Promise<string> {
    const account = this.scope.accountOf(input);
    const client = await account.ready();
    const app = await this.scope.app(client, input.app);
    const state = input.state?.trim().toLowerCase();
    if (state && !(FILTER_STATUSES as readonly string[]).includes(state))
      throw new Answer(l10n.t('The state must be one of {0}, not {1}.', FILTER_STATUSES.join(', '), quoted(input.state)));
    const limit = Math.min(Math.max(Math.trunc(Number(input.limit) || 10), 1), 50);
    const filter = { branch: input.branch?.trim() || undefined, status: state as BuildStatus | undefined };
    const builds = await client.listBuilds(app.id, { ...filter, limit });
    for (const build of builds) this.deps.tracker.record(account, build);
    return buildListText(app, filter, builds, Date.now());
  }

  private async failedTests(input: TestsInput): Promise<string> {
    const account = this.scope.accountOf(input);
    const client = await account.ready();
    let build;
    let appName: string;
    if (input.buildId?.trim()) {
      build = await client.getBuild(input.buildId.trim());
      appName = build.appId ? this.deps.session.nameOf(build.appId) : l10n.t('its app');
    } else {
      const app = await this.scope.app(client, input.app);
      appName = app.name || app.id;
      if (input.buildNumber === undefined) {
        build = await client.getLatestBuild(app.id, { branch: this.scope.currentBranch() });
      } else {
        const builds = await client.listBuilds(app.id, { limit: 100 });
        build = builds.find((b) => b.buildNumber === Number(input.buildNumber));
        if (!build)
          throw new Answer(l10n.t('{0} has no build #{1} among its latest 100 builds.', named(appName), named(String(input.buildNumber))));
      }
    }
    // What a tool reads is the one copy too: a view that shows this build shows what the answer says.
    this.deps.tracker.record(account, build);
    const results = build.finished ? await client.getTests(build.id) : { tests: [] };
    return failedTestsText(build, appName, results.tests);
  }
}
