import * as vscode from 'vscode';
import type { Branch, BuildStatus } from '../api';
import { FILTER_STATUSES, type BuildFilter } from '../core/filter';
import { cancelQuestion } from '../core/format';
import type { Services } from '../services';
import { buildLabel, BuildNode } from '../views/apps/buildNode';
import { AppNode } from '../views/apps/nodes';

// Commands on an app's builds: filter, clear the filter, cancel, copy the id. Links: buildLinks.ts.

function appOf(s: Services, node: unknown): AppNode | undefined {
  return node instanceof AppNode ? node : s.appsView.selection.find((n) => n instanceof AppNode);
}

export function buildOf(s: Services, node: unknown): BuildNode | undefined {
  return node instanceof BuildNode ? node : s.appsView.selection.find((n) => n instanceof BuildNode);
}

/** Two quick picks: the branch (from /branches) and the state. Escape in either leaves the filter as it was. */
export async function filterBuilds(s: Services, node?: unknown): Promise<void> {
  const app = appOf(s, node);
  const client = s.clients.get();
  if (!app || !client) return;
  const current = s.builds.filterOf(app.app.id);
  const branches = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Loading branches' },
    () => client.listBranches(app.app.id),
  );
  const anyBranch = { label: 'Any branch', branch: undefined as string | undefined };
  const branchItems = [anyBranch, ...branches.map((b: Branch) => ({ label: b.name, branch: b.name }))];
  const branch = await vscode.window.showQuickPick(branchItems, {
    title: `Filter builds of ${app.app.name}: branch`,
    placeHolder: current.branch ? `Now: ${current.branch}` : 'Type to find a branch',
    matchOnDescription: true,
  });
  if (!branch) return;
  const anyState = { label: 'Any state', status: undefined as BuildStatus | undefined };
  const stateItems = [anyState, ...FILTER_STATUSES.map((status) => ({ label: status, status: status }))];
  const state = await vscode.window.showQuickPick(stateItems, { title: `Filter builds of ${app.app.name}: state` });
  if (!state) return;
  await applyFilter(s, app, { branch: branch.branch, status: state.status });
}

export async function clearFilter(s: Services, node?: unknown): Promise<void> {
  const app = appOf(s, node);
  if (app) await applyFilter(s, app, {});
}

async function applyFilter(s: Services, app: AppNode, filter: BuildFilter): Promise<void> {
  // Only this app is redrawn and its builds fetched again: one request.
  s.builds.setFilter(app, filter);
  await s.appsView.reveal(app, { expand: true, select: false, focus: false });
}

export const CANCEL_BUILD = 'Cancel Build';

/**
 * Asks first in a warning notification (cancelling is not undoable); only its "Cancel Build" button
 * sends the request, and closing the notification cancels nothing. Then the build is refreshed.
 */
export async function cancelBuild(s: Services, node?: unknown): Promise<void> {
  const target = buildOf(s, node);
  const client = s.clients.get();
  if (!target || !client || target.build.finished) return;
  const { build } = target;
  const parent = s.apps.getParent(target);
  const appName = parent?.kind === 'app' ? parent.app.name || parent.app.id : s.branch.directory.nameOf(target.appId);
  // Only this handler waits for the answer; the views, the poller and other commands go on meanwhile.
  const choice = await vscode.window.showWarningMessage(cancelQuestion(buildLabel(build), appName, build.commit.branch), CANCEL_BUILD);
  if (choice !== CANCEL_BUILD) return;
  // The poller may have seen it finish while the question was open; there is nothing left to cancel.
  if (target.build.finished) {
    s.log.info(`Build ${build.id} finished before it was cancelled; nothing sent`);
    return;
  }
  await client.cancelBuild(build.id);
  s.log.info(`Cancelled build ${build.id}`);
  // The answer carries no build; ask for it, and let the poller tell the tree.
  s.poller.follow(await client.getBuild(build.id), 'shown');
}

export async function copyBuildId(s: Services, node?: unknown): Promise<void> {
  const target = buildOf(s, node);
  if (!target) return;
  await vscode.env.clipboard.writeText(target.build.id);
  vscode.window.setStatusBarMessage(`Copied the build ID of ${buildLabel(target.build)}`, 3000);
}
