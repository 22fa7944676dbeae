import type * as vscode from 'vscode';
import type { BranchStatusBar } from './views/branch/branchStatusBar';
import type { CurrentBranch } from './services/currentBranch';
import type { CurrentBranchView } from './views/branch/currentBranchView';
import type { BuildPoller } from './services/poller';
import type { GitWorkspace } from './services/gitWorkspace';
import type { LoadOutcome } from './views/apps/loadOutcome';
import type { AppsTreeNode } from './views/apps/nodes';
import type { CompletionNotice } from './views/completionNotice';
import type { QrPanel } from './views/qrPanel';
import type { BuildTests } from './views/testing/buildTests';

/**
 * What `vscode.extensions.getExtension('buildservice.build-service').exports` gives: the Apps view's
 * data, as VS Code itself reads it, and a way to reload it. No token, no way to read one.
 */
export interface BuildServiceExports {
  readonly apps: {
    getChildren(node?: AppsTreeNode): Promise<AppsTreeNode[]>;
    getTreeItem(node: AppsTreeNode): vscode.TreeItem;
    refresh(): Promise<LoadOutcome>;
    /** Fired when VS Code must redraw (undefined: the whole view). */
    readonly onDidChangeTreeData: vscode.Event<AppsTreeNode | undefined>;
  };
  /**
   * Only when VS Code runs the extension's tests (ExtensionMode.Test) or the test harness sets
   * BUILD_SERVICE_TEST_HOOKS=1 in the extension host's environment, never for users: the
   * extension's own secret storage, so a test can change the token the way another window does
   * (the change then reaches the extension only through secrets.onDidChange), and the log file.
   */
  readonly testing?: {
    readonly secrets: vscode.SecretStorage;
    readonly tokenSecretKey: string;
    readonly logFile: vscode.Uri;
    /** The Apps view itself, so a test can expand apps the way a click does (reveal with expand). */
    readonly appsView: vscode.TreeView<AppsTreeNode>;
    readonly poller: BuildPoller;
    /** The Current Branch view's model and tree, the status-bar item, the Git connection and the poller. */
    readonly branch: {
      readonly model: CurrentBranch;
      readonly tree: CurrentBranchView;
      readonly statusBar: BranchStatusBar;
      readonly git: GitWorkspace;
      readonly poller: BuildPoller;
    };
    /** The loader of the Testing view; its controller and the source search once the first results loaded them. */
    readonly tests: BuildTests;
    /** The QR code panel: the URL and the HTML it shows now. */
    readonly qrPanel: QrPanel;
    /** The completion notifications (it counts them). */
    readonly notice: CompletionNotice;
    /** The language-model tools as registered, by name, for hosts where vscode.lm.invokeTool cannot reach them. */
    readonly chatTools: Readonly<Record<string, vscode.LanguageModelTool<object>>>;
  };
}
