import vscode = require('vscode');
import { accountsFeature } from './commands/accounts/feature';
import { artifactsFeature } from './commands/artifacts/feature';
import { buildsFeature } from './commands/builds/feature';
import { changedFeature } from './commands/changed/feature';
import { chatToolsFeature } from './commands/chatTools/feature';
import { linksFeature } from './commands/links/feature';
import { Registrar } from './commands/register';
import { testingFeature } from './commands/testing/feature';
import { createCollaborators } from './collaborators';
import type { BuildServiceExports } from './exports';
import { takeHostFetch } from './api';
import { adoptDisplayLanguage } from './services/language';
import { LOG_CHANNEL_NAME } from './services/log';

// What deactivate() waits for: the one place activate() leaves for it, as VS Code hands deactivate() nothing.
let queuedWrites: (() => Promise<unknown>) | undefined;

// Creates the long-lived objects, lists the features and returns at once: nothing here waits for the network.
// Activated with the window (onStartupFinished): once the window has been focused, the Apps view lists
// the apps and Current Branch loads the branch Git names, so the status bar and the notice need no click.
export function activate(context: vscode.ExtensionContext): BuildServiceExports {
  adoptDisplayLanguage(); // first: every text below is read in the user's language
  takeHostFetch(); // VS Code's patched fetch as it is now, never one another extension puts there later

  // Test hooks: in VS Code's own test runs, and in a test host that installs the .vsix and sets this
  // variable (VS Code 1.139's web build runs no development-mode tests; see test/host/runInstalled.mjs).
  const testMode = context.extensionMode === vscode.ExtensionMode.Test || process.env.BUILD_SERVICE_TEST_HOOKS === '1';
  const shared = createCollaborators(context, testMode);
  const registrar = new Registrar(shared.presenter);
  context.subscriptions.push(shared, registrar);
  queuedWrites = () => Promise.all([shared.globalState.flush(), shared.workspaceState.flush()]);

  // Each feature registers its commands, chat tools and views, and hands back what the test hooks read.
  const accountsMenu = accountsFeature(shared, registrar);
  linksFeature(shared, registrar);
  const { history, notice } = buildsFeature(shared, registrar);
  const { qrPanel, gitignore } = artifactsFeature(shared, registrar);
  testingFeature(shared, registrar);
  chatToolsFeature(shared, registrar);
  const changed = changedFeature(shared, registrar);

  // The tokens' round trip starts behind the registrations; then the apps' rows, before the view is opened.
  const { accounts, apps, tracker, branch, branchView, statusBar, git, choices } = shared;
  accounts.readAhead();
  apps.preload();

  const testing = testMode
    ? {
        secrets: context.secrets,
        globalState: context.globalState,
        state: shared.globalState,
        accounts,
        accountsMenu,
        get tokenSecretKey() {
          return accounts.settingsSecretKey();
        },
        logFile: vscode.Uri.joinPath(context.logUri, `${LOG_CHANNEL_NAME}.log`),
        appsView: apps.view,
        tracker,
        branch: { model: branch, tree: branchView, statusBar, git, tracker, choices },
        tests: shared.buildTests,
        comparisons: { service: shared.comparisons, notes: shared.failureNotes },
        changed,
        coverage: shared.coverage,
        qrPanel,
        offerGitignore: (workspace: vscode.WorkspaceFolder) => gitignore.offer(workspace),
        historyPanel: history.panel,
        notice,
        chatTools: registrar.registeredTools(),
        sizes: { store: shared.sizes, branch: shared.branchSizes },
      }
    : undefined;
  return { apps, testing };
}

// As the window closes: VS Code waits for this promise (a few seconds at most) before it ends the host, so the
// writes still queued behind the batch in flight reach globalState (each store's flush is bounded by itself).
export async function deactivate(): Promise<void> {
  await queuedWrites?.();
}
