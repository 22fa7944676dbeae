import type * as vscode from 'vscode';
import type { Accounts } from './services/accounts/accounts';
import type { BranchStatusBar } from './views/branch/branchStatusBar';
import type { CurrentBranch } from './services/branch/currentBranch';
import type { CurrentBranchView } from './views/branch/currentBranchView';
import type { BuildTracker } from './services/builds/buildTracker';
import type { GitWorkspace } from './services/branch/gitWorkspace';
import type { RepoAccounts } from './services/branch/repoAccounts';
import type { LoadOutcome } from './views/apps/loadOutcome';
import type { AppsTreeNode } from './views/apps/nodes';
import type { CompletionNotice } from './views/completionNotice';
import type { HistoryPanel } from './views/historyPanel';
import type { QrPanel } from './views/qrPanel';
import type { BuildCoverage } from './views/testing/buildCoverage';
import type { BuildTests } from './views/testing/buildTests';
import type { ChangedCommands } from './commands/changed/changedCommands';
import type { FailureNotes } from './views/testing/failureNotes';
import type { TestComparisons } from './services/testing/testComparisons';
import type { ArtifactSizes } from './services/sizes/artifactSizes';
import type { BranchSizes } from './views/branch/branchSizes';
import type { PersistentState } from './services/persistentState';

/** The extension's `exports`: the Apps view's data as VS Code reads it. No token, no way to read one. */
export interface BuildServiceExports {
  readonly apps: {
    getChildren(node?: AppsTreeNode): Promise<AppsTreeNode[]>;
    getTreeItem(node: AppsTreeNode): vscode.TreeItem;
    refresh(): Promise<LoadOutcome>;
    readonly onDidChangeTreeData: vscode.Event<AppsTreeNode | undefined>;
  };
  // Only in tests (ExtensionMode.Test or BUILD_SERVICE_TEST_HOOKS=1); `secrets` lets a test change the token as another window does.
  readonly testing?: {
    readonly secrets: vscode.SecretStorage;
    /** What the extension keeps across windows (nothing secret). */
    readonly globalState: vscode.Memento;
    /** The one store over globalState that every owner of an entry writes through. */
    readonly state: PersistentState;
    /** The accounts, and the Accounts menu's provider as VS Code calls it. */
    readonly accounts: Accounts;
    readonly accountsMenu: vscode.AuthenticationProvider;
    /** The secret of the account buildService.baseUrl names now. */
    readonly tokenSecretKey: string;
    readonly logFile: vscode.Uri;
    /** The Apps view itself, so a test can expand apps the way a click does (reveal with expand). */
    readonly appsView: vscode.TreeView<AppsTreeNode>;
    /** Every build held, followed and polled. */
    readonly tracker: BuildTracker;
    readonly branch: {
      readonly model: CurrentBranch;
      readonly tree: CurrentBranchView;
      readonly statusBar: BranchStatusBar;
      readonly git: GitWorkspace;
      readonly tracker: BuildTracker;
      /** The account each repository uses, as remembered in the workspace. */
      readonly choices: RepoAccounts;
    };
    readonly tests: BuildTests;
    /** The comparison with the base branch and the flaky tests: what is kept, what it asked, what the Testing view was told. */
    readonly comparisons: { readonly service: TestComparisons; readonly notes: FailureNotes };
    readonly coverage: BuildCoverage;
    /** Show Changed Functions No Test Ran: its line beside the build and its marks in the editor. */
    readonly changed: ChangedCommands;
    readonly qrPanel: QrPanel;
    /** The .gitignore question as a download into the workspace folder asks it. */
    offerGitignore(workspace: vscode.WorkspaceFolder): Promise<void>;
    /** The Build History panel: what it shows and when the page drew it. */
    readonly historyPanel: HistoryPanel;
    readonly notice: CompletionNotice;
    /** The language-model tools as registered, by name, for hosts where vscode.lm.invokeTool cannot reach them. */
    readonly chatTools: Readonly<Record<string, vscode.LanguageModelTool<object>>>;
    /** Artifact sizes: what is kept and sent, and Current Branch's comparisons with the base. */
    readonly sizes: { readonly store: ArtifactSizes; readonly branch: BranchSizes };
  };
}
