import * as vscode from 'vscode';
import { CommandId } from '../../ids';
import type { ErrorPresenter } from '../../services/errorPresenter';
import { ACTION_LABELS } from '../../core/errorMessages';
import { FIX_COMMANDS } from '../../services/errorPresenter';
import { BranchBuildNode, BranchMessageNode, type BranchTreeNode } from './branchNodes';
import type { BranchState } from '../../core/branchState';
import type { CurrentBranch } from '../../services/currentBranch';

/**
 * The Current Branch view: one node per app with that app's latest build of the branch. Empty states
 * (no Git, no repository, no matching app, signed out) are left to viewsWelcome. Nodes are kept
 * between calls so that reveal() finds the very objects VS Code was given.
 */
export class CurrentBranchProvider implements vscode.TreeDataProvider<BranchTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private nodes: BranchTreeNode[];
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly model: CurrentBranch,
    private readonly presenter: ErrorPresenter,
  ) {
    this.nodes = this.nodesOf(model.state);
    this.subscription = model.onDidChange((state) => {
      this.nodes = this.nodesOf(state);
      this.changed.fire(undefined);
    });
  }

  getTreeItem(node: BranchTreeNode): vscode.TreeItem {
    return node.toTreeItem();
  }

  getChildren(node?: BranchTreeNode): BranchTreeNode[] {
    return node ? [] : this.nodes;
  }

  getParent(): undefined {
    return undefined;
  }

  /** The node of a build, or of the first app's build when no id is given (the status-bar click). */
  nodeOf(buildId?: string): BranchBuildNode | undefined {
    const builds = this.nodes.filter((n): n is BranchBuildNode => n instanceof BranchBuildNode);
    return buildId ? builds.find((n) => n.build?.id === buildId) : (builds.find((n) => n.build) ?? builds[0]);
  }

  private nodesOf(state: BranchState): BranchTreeNode[] {
    switch (state.kind) {
      case 'builds':
        return state.entries.map((e) => new BranchBuildNode(e.app, state.branch, e.build));
      case 'detached':
        return [new BranchMessageNode('No branch checked out (detached HEAD)', 'git-commit', 'Check out a branch to see its builds.')];
      case 'loading':
        return [new BranchMessageNode(`Loading the builds of ${state.branch}…`, 'loading~spin', 'Asking the build service.')];
      case 'no-app':
        if (!state.pinnedId) return [];
        return [
          new BranchMessageNode('The pinned app is not one of your apps', 'warning', `The setting buildService.appId names ${state.pinnedId}, which the build service does not list for your access token.`, {
            title: 'Open Settings',
            command: CommandId.openSettings,
            arguments: ['buildService.appId'],
          }),
        ];
      case 'failed': {
        const message = this.presenter.describe(state.error);
        if (!message) return [];
        const fix = message.actions.includes('retry') || message.actions[0] === 'showLog' ? undefined : message.actions[0];
        const command = fix ? { title: ACTION_LABELS[fix], command: FIX_COMMANDS[fix] } : { title: 'Retry', command: CommandId.refreshCurrentBranch };
        return [new BranchMessageNode(message.short, message.severity, message.message, command)];
      }
      default:
        return [];
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
