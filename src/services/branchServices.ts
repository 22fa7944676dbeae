import type * as vscode from 'vscode';
import type { App } from '../api';
import type { BuildPoller } from './poller';
import type { ClientCache } from './clientCache';
import type { GitWorkspace } from './gitWorkspace';
import type { AppDirectory } from './appDirectory';
import type { BranchTreeNode } from '../views/branch/branchNodes';
import type { CurrentBranch } from './currentBranch';
import type { CurrentBranchProvider } from '../views/branch/currentBranchProvider';

/** What the Current Branch and Trigger Build commands use, as one member of Services. */
export interface BranchServices {
  readonly clients: ClientCache;
  readonly git: GitWorkspace;
  readonly directory: AppDirectory;
  readonly poller: BuildPoller;
  readonly model: CurrentBranch;
  readonly tree: CurrentBranchProvider;
  readonly view: vscode.TreeView<BranchTreeNode>;
  /** Called once a build was triggered, so the Apps view can show it under its app. */
  readonly afterTrigger: (app: App) => void;
}
