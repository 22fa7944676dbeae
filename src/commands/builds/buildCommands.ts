import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { BuildStatus } from '../../api';
import { buildLabel, cancelQuestion } from '../../core/builds/buildLook';
import { FILTER_STATUSES, type BuildFilter } from '../../core/builds/filter';
import { iconSafeText, loggedText, shownText } from '../../core/text/serviceText';
import { CommandId } from '../../ids';
import type { Log } from '../../services/log';
import { notify } from '../../services/notify';
import type { BuildTracker } from '../../services/builds/buildTracker';
import type { Session } from '../../services/accounts/session';
import { uniqueById } from '../../services/uniqueLists';
import type { AppsView } from '../../views/apps/appsView';
import { BuildNode } from '../../views/apps/buildNode';
import { AppNode } from '../../views/apps/nodes';
import type { CommandGroup } from '../register';
import type { CommandTargets } from '../targets';

// A function, not a constant: the translation is read when asked, not at load.
export const CANCEL_BUILD = (): string => l10n.t('Cancel Build');

type BuildCommandId =
  | typeof CommandId.refresh
  | typeof CommandId.copyAppId
  | typeof CommandId.filterBuilds
  | typeof CommandId.clearFilter
  | typeof CommandId.cancelBuild
  | typeof CommandId.copyBuildId
  | typeof COPY_BUILD_NUMBER;

/** Only this group names it, so its id lives here, not in ids.ts. */
const COPY_BUILD_NUMBER = 'buildService.copyBuildNumber';

export interface BuildCommandsDeps {
  session: Session;
  apps: AppsView;
  targets: CommandTargets;
  tracker: BuildTracker;
  log: Log;
}

const isRetried = (node: unknown): node is AppNode | BuildNode => node instanceof AppNode || node instanceof BuildNode;

export class BuildCommands {
  constructor(private readonly deps: BuildCommandsDeps) {}

  table(): CommandGroup<BuildCommandId> {
    return {
      // From an error row's Retry the failed node comes along, and only its children are asked for again.
      [CommandId.refresh]: (node) => (isRetried(node) ? this.deps.apps.retry(node) : this.deps.apps.refresh()),
      [CommandId.copyAppId]: (node) => this.copyAppId(node),
      [CommandId.filterBuilds]: (node) => this.filter(node),
      [CommandId.clearFilter]: (node) => this.clearFilter(node),
      [CommandId.cancelBuild]: (node) => this.cancel(node),
      [CommandId.copyBuildId]: (node) => this.copyBuildId(node),
      [COPY_BUILD_NUMBER]: (node) => this.copyBuildNumber(node),
    };
  }

  private async copyAppId(node: unknown): Promise<void> {
    const app = this.deps.targets.app(node);
    if (!app) return;
    await vscode.env.clipboard.writeText(app.app.id);
    // A status-bar note rather than a toast: copying is routine and needs no attention.
    vscode.window.setStatusBarMessage(l10n.t('Copied the app ID of {0}', iconSafeText(app.app.name || app.app.id)), 3000);
  }

  /** Two quick picks: the branch (from /branches) and the state. Escape in either leaves the filter as it was. */
  private async filter(node: unknown): Promise<void> {
    // Asked first: without a connection the command says why, whatever it was run on.
    const app = this.deps.targets.app(node);
    const client = await this.deps.session.readyFor(app?.account);
    if (!app) return;
    const current = this.deps.apps.builds.filterOf(app.account, app.app.id);
    const listed = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: l10n.t('Loading branches') }, () =>
      client.listBranches(app.app.id),
    );
    const branches = uniqueById(this.deps.log, `the branches of app ${app.app.id}`, listed, (b) => b.name);
    const anyBranch = { label: l10n.t('Any branch'), branch: undefined as string | undefined };
    // Quick-pick labels draw `$(name)` as an icon; the title and placeholder are plain text.
    const branchItems = branches.map((b) => ({ label: iconSafeText(b.name), branch: b.name }));
    const branch = await vscode.window.showQuickPick([anyBranch, ...branchItems], {
      title: l10n.t('Filter builds of {0}: branch', shownText(app.app.name || app.app.id)),
      placeHolder: current.branch ? l10n.t('Now: {0}', shownText(current.branch)) : l10n.t('Type to find a branch'),
      matchOnDescription: true,
    });
    if (!branch) return;
    const anyState = { label: l10n.t('Any state'), status: undefined as BuildStatus | undefined };
    const state = await vscode.window.showQuickPick([anyState, ...FILTER_STATUSES.map((status) => ({ label: status, status }))], {
      title: l10n.t('Filter builds of {0}: state', shownText(app.app.name || app.app.id)),
    });
    if (!state) return;
    await this.applyFilter(app, { branch: branch.branch, status: state.status });
  }

  private async clearFilter(node: unknown): Promise<void> {
    const app = this.deps.targets.app(node);
    if (app) await this.applyFilter(app, {});
  }

  private async applyFilter(app: AppNode, filter: BuildFilter): Promise<void> {
    this.deps.apps.builds.setFilter(app, filter);
    await this.deps.apps.view.reveal(app, { expand: true, select: false, focus: false });
  }

  /** Asks first (not undoable): only the warning's "Cancel Build" button sends; closing it cancels nothing. */
  private async cancel(node: unknown): Promise<void> {
    const target = this.deps.targets.build(node);
    const client = await this.deps.session.readyFor(target?.account);
    if (!target || target.build.finished) return;
    const { build } = target;
    const appName = this.deps.targets.appNameOf(target) ?? this.deps.session.nameOf(target.appId);
    const cancel = CANCEL_BUILD();
    const choice = await notify('warning', cancelQuestion(build, appName), cancel);
    if (choice !== cancel) return;
    // The tracker may have seen it finish while the question was open; there is nothing left to cancel.
    if (target.build.finished) {
      this.deps.log.info(`Build ${loggedText(build.id)} finished before it was cancelled; nothing sent`);
      return;
    }
    await client.cancelBuild(build.id);
    this.deps.log.info(`Cancelled build ${loggedText(build.id)}`);
    // The answer carries no build; ask for it, and let the tracker tell the views.
    this.deps.tracker.record(target.account, await client.getBuild(build.id));
  }

  /** The number people say ("build 62"); a build the service sent without one has nothing to copy. */
  private async copyBuildNumber(node: unknown): Promise<void> {
    const target = this.deps.targets.build(node);
    if (target?.build.buildNumber === undefined) return;
    await vscode.env.clipboard.writeText(String(target.build.buildNumber));
    vscode.window.setStatusBarMessage(l10n.t('Copied the number of {0}', iconSafeText(buildLabel(target.build))), 3000);
  }

  private async copyBuildId(node: unknown): Promise<void> {
    const target = this.deps.targets.build(node);
    if (!target) return;
    await vscode.env.clipboard.writeText(target.build.id);
    vscode.window.setStatusBarMessage(l10n.t('Copied the build ID of {0}', iconSafeText(buildLabel(target.build))), 3000);
  }
}
