import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, BuildServiceClient, BuildStatus } from '../api';
import { FILTER_STATUSES } from '../core/filter';
import { loggedText } from '../core/serviceText';
import { branchStatusText, buildListText, failedTestsText, findApp, triggerQuestion } from '../core/toolAnswers';
import { ToolName, type ToolNameValue } from '../ids';
import type { CurrentBranch } from '../services/currentBranch';
import type { GitWorkspace } from '../services/gitWorkspace';
import type { Log } from '../services/log';
import type { BuildPoller } from '../services/poller';
import type { Session } from '../services/session';
import type { SettingsService } from '../services/settings';
import type { AppsView } from '../views/apps/appsView';
import { Answer, toolResult, type ListInput, type TestsInput, type TriggerInput } from './chatToolResult';

export interface ChatToolsDeps {
  session: Session;
  branch: CurrentBranch;
  git: GitWorkspace;
  poller: BuildPoller;
  apps: AppsView;
  settings: SettingsService;
  log: Log;
}

/**
 * The language-model tools agent mode calls: branch status, list builds, failed tests, trigger a
 * build. Every answer is short plain text; every failure is an answer too (the same words as the
 * notification), never a throw. Triggering asks first, naming the app and the branch.
 */
export class ChatTools {
  constructor(private readonly deps: ChatToolsDeps) {}

  /** The four tools, by name. */
  tools(): Record<ToolNameValue, vscode.LanguageModelTool<object>> {
    return {
      [ToolName.branchStatus]: { invoke: () => this.answer(() => this.branchStatus()) },
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

  private async branchStatus(): Promise<string> {
    await this.deps.session.ready();
    await this.deps.branch.reload();
    const state = this.deps.branch.state;
    switch (state.kind) {
      case 'builds':
        return branchStatusText(state.branch, state.entries, Date.now());
      case 'failed':
        throw state.error;
      case 'no-app':
        return l10n.t('No app builds this repository (branch {0}); buildService.appId can name one.', state.branch);
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
      if (!found.app) throw new Answer(found.problem ?? l10n.t('No app is called "{0}".', name));
      return found.app;
    }
    const state = this.deps.branch.state;
    const mine = state.kind === 'builds' ? state.entries.map((e) => e.app) : [];
    if (mine.length === 1) return mine[0];
    const choices = (mine.length ? mine : apps)
      .slice(0, 10)
      .map((a) => `"${a.name || a.id}"`)
      .join(', ');
    throw new Answer(l10n.t('Which app? Name one of: {0}.', choices));
  }

  private async listBuilds(input: ListInput): Promise<string> {
    const client = await this.deps.session.ready();
    const app = await this.app(client, input.app);
    const state = input.state?.trim().toLowerCase();
    if (state && !(FILTER_STATUSES as readonly string[]).includes(state))
      throw new Answer(l10n.t('The state must be one of {0}, not "{1}".', FILTER_STATUSES.join(', '), input.state ?? ''));
    const limit = Math.min(Math.max(Math.trunc(Number(input.limit) || 10), 1), 50);
    const filter = { branch: input.branch?.trim() || undefined, status: state as BuildStatus | undefined };
    const builds = await client.listBuilds(app.id, { ...filter, limit });
    return buildListText(app, filter, builds, Date.now());
  }

  private async failedTests(input: TestsInput): Promise<string> {
    const client = await this.deps.session.ready();
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
        if (!build) throw new Answer(l10n.t('{0} has no build #{1} among its latest 100 builds.', appName, input.buildNumber));
      }
    }
    const results = build.finished ? await client.getTests(build.id) : { tests: [] };
    return failedTestsText(build, appName, results.tests);
  }

  /** Resolves what would be built, so the confirmation names exactly that. */
  private async target(input: TriggerInput): Promise<{ app: App; branch: string }> {
    const client = await this.deps.session.ready();
    const app = await this.app(client, input.app);
    const branch = input.branch?.trim() || this.currentBranch();
    if (!branch) throw new Answer(l10n.t('Which branch? No branch is checked out here; name one.'));
    return { app, branch };
  }

  private async prepareTrigger(input: TriggerInput): Promise<vscode.PreparedToolInvocation> {
    try {
      const { app, branch } = await this.target(input);
      const question = triggerQuestion(app.name || app.id, branch);
      return {
        invocationMessage: l10n.t('Triggering a build of {0} on {1}', app.name || app.id, branch),
        confirmationMessages: question,
      };
    } catch {
      // Nothing would be started: invoke() says why, without asking first.
      return { invocationMessage: l10n.t('Checking what to build') };
    }
  }

  private async trigger(input: TriggerInput): Promise<string> {
    const { app, branch } = await this.target(input);
    const client = await this.deps.session.ready();
    const id = await client.triggerBuild(app.id, { branch });
    this.deps.log.info(loggedText(`Chat tool triggered build ${id} of ${app.id} on ${branch}.`));
    const build = await client.getBuild(id).catch(() => undefined);
    if (build) {
      this.deps.poller.follow(build, 'triggered');
      this.deps.branch.showBuild(build);
    }
    this.deps.apps.invalidate();
    const [name, status] = [app.name || app.id, build ? build.status : 'queued'];
    return build?.buildNumber !== undefined
      ? l10n.t(
          'Started build #{0} of {1} on {2} (id {3}); it is {4}. The Build Service views follow it.',
          build.buildNumber,
          name,
          branch,
          id,
          status,
        )
      : l10n.t('Started build of {0} on {1} (id {2}); it is {3}. The Build Service views follow it.', name, branch, id, status);
  }
}
