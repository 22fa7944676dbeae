import * as vscode from 'vscode';
import { ViewId } from '../ids';
import type { Services } from '../services';

/**
 * The status-bar click, and "Open Build" on a completion notification: the Current Branch view with
 * the build selected. A build of another branch is not in that view; its app in the Apps view lists it.
 */
export async function revealCurrentBranchBuild(s: Services, buildId?: unknown): Promise<void> {
  const id = typeof buildId === 'string' ? buildId : undefined;
  const node = s.branch.tree.nodeOf(id);
  if (id && !node) {
    s.log.info(`Build ${id} is not on the current branch; showing the Apps view.`);
    await vscode.commands.executeCommand(`${ViewId.apps}.focus`);
    return;
  }
  await vscode.commands.executeCommand(`${ViewId.currentBranch}.focus`);
  if (node) await s.branch.view.reveal(node, { select: true, focus: true });
}

export async function refreshCurrentBranch(s: Services): Promise<void> {
  await s.branch.model.refresh();
}
