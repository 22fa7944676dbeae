import vscode = require('vscode');
import { AccountCommands } from './commands/accounts/accountCommands';
import { ArtifactCommands } from './commands/artifacts/artifactCommands';
import { BranchCommands } from './commands/builds/branchCommands';
import { BuildCommands } from './commands/builds/buildCommands';
import { ChatTools } from './commands/chatTools/chatTools';
import { ChangedCommands } from './commands/changed/changedCommands';
import { CommitsCommands } from './commands/changed/commitsCommands';
import { ComparisonTool } from './commands/changed/comparisonTool';
import { FlakyCommands } from './commands/testing/flakyCommands';
import { HistoryCommands } from './commands/builds/historyCommands';
import { InstallCommands } from './commands/artifacts/installCommands';
import { LinkCommands } from './commands/links/linkCommands';
import { NetworkCommands } from './commands/accounts/networkCommands';
import { registerCommands, registerTools } from './commands/register';
import { CommandTargets } from './commands/targets';
import { TestCommands } from './commands/testing/testCommands';
import { TokenCommands } from './commands/accounts/tokenCommands';
import { testTimeScale } from './core/polling/pollSchedule';
import { withMore } from './core/testing/comparisonText';
import type { BuildServiceExports } from './exports';
import { takeHostFetch } from './api';
import { AUTH_PROVIDER_ID, ViewId } from './ids';
import { Accounts } from './services/accounts/accounts';
import { ContextKeys } from './services/contextKeys';
import { CurrentBranch } from './services/branch/currentBranch';
import { windowApis } from './services/windowApis';
import { ErrorPresenter } from './services/errorPresenter';
import { GitWorkspace } from './services/branch/gitWorkspace';
import { adoptDisplayLanguage } from './services/language';
import { Log, LOG_CHANNEL_NAME } from './services/log';
import { BuildTracker } from './services/builds/buildTracker';
import { RepoAccounts } from './services/branch/repoAccounts';
import { RepoMap } from './services/branch/repoMap';
import { Session } from './services/accounts/session';
import { SettingProblemNotifier } from './services/settingProblems';
import { SettingsService } from './services/settings';
import { ChangedFunctions } from './services/testing/changedFunctions';
import { ChangedOnLook } from './commands/changed/changedOnLook';
import { FirstFailedSearch } from './services/testing/firstFailedSearch';
import { TestComparisons } from './services/testing/testComparisons';
import { UnencryptedConsent } from './services/accounts/unencryptedConsent';
import { AppsView } from './views/apps/appsView';
import { BranchStatusBar } from './views/branch/branchStatusBar';
import { CurrentBranchView } from './views/branch/currentBranchView';
import { CompletionNotice } from './views/completionNotice';
import { QrPanel } from './views/qrPanel';
import { BuildCoverage } from './views/testing/buildCoverage';
import { BuildTests } from './views/testing/buildTests';
import { coverageShown } from './views/testing/changedCoverage';
import { FailureNotes } from './views/testing/failureNotes';
import { FirstLook } from './services/firstLook';
import { ArtifactSizes } from './services/sizes/artifactSizes';
import { BranchSizes } from './views/branch/branchSizes';
import { withSizes } from './core/testing/sizeNote';
import { SizeTool } from './commands/chatTools/sizeTool';

// Creates the long-lived objects, wires them and returns at once: nothing here waits for the network.
// Activated with the window (onStartupFinished): once the window has been focused, the Apps view lists
// the apps and Current Branch loads the branch Git names, so the status bar and the notice need no click.
export function activate(context: vscode.ExtensionContext): BuildServiceExports {
  adoptDisplayLanguage(); // first: every text below is read in the user's language
  takeHostFetch(); // VS Code's patched fetch as it is now, never one another extension puts there later

  // Test hooks: in VS Code's own test runs, and in a test host that installs the .vsix and sets this
  // variable (VS Code 1.139's web build runs no development-mode tests; see test/host/runInstalled.mjs).
  const testMode = context.extensionMode === vscode.ExtensionMode.Test || process.env.BUILD_SERVICE_TEST_HOOKS === '1';
  // Constructing reads nothing: the account list and tokens are read once all is registered (below).
  let accounts: Accounts | undefined = undefined;
  const log = new Log(() => accounts?.knownSecrets() ?? []);
  const settingProblems = new SettingProblemNotifier(log);
  const settings = new SettingsService((value) => settingProblems.report(value));
  const consent = new UnencryptedConsent(context.globalState, log);
  accounts = new Accounts({
    secrets: context.secrets,
    globalState: context.globalState,
    settings,
    log,
    userAgent: userAgentOf(context),
    consent,
  });
  const presenter = new ErrorPresenter(log, accounts, () => settings.value.timeoutSeconds);
  const session = new Session(accounts);
  const contextKeys = new ContextKeys();
  const firstLook = new FirstLook();
  // Tests cannot wait a minute per look; they run the same schedule and pauses at a time scale.
  const timeScale = testMode ? testTimeScale(process.env.BUILD_SERVICE_SOAK_TIME_SCALE) : undefined;
  const tracker = new BuildTracker({ session, settings, log, presenter, timeScale });
  const sizes = new ArtifactSizes(context.globalState, log);
  const apps = new AppsView({ session, settings, presenter, tracker, contextKeys, log, extensionUri: context.extensionUri, sizes });
  const git = new GitWorkspace(log);
  const repoMap = new RepoMap(context.globalState, log);
  const choices = new RepoAccounts(context.workspaceState, accounts);
  const branch = new CurrentBranch({ git, session, settings, tracker, contextKeys, log, repoMap, choices, firstLook });
  const branchView = new CurrentBranchView(branch, presenter, contextKeys, ViewId.currentBranch);
  const statusBar = new BranchStatusBar(branch);
  const buildTests = new BuildTests({ session, settings, branch, log });
  const coverage = new BuildCoverage({ session, settings, branch, tests: buildTests, log });
  const comparisons = new TestComparisons(git, log);
  firstLook.watch([apps.view, branchView.view], () => buildTests.view?.failedSources() ?? []);
  const firstFailed = new FirstFailedSearch(comparisons);
  const failureNotes = new FailureNotes(comparisons, firstLook, log, firstFailed);
  const changedCommands = new ChangedCommands({
    git,
    branch,
    changed: new ChangedFunctions(coverageShown(coverage), (account, build) => comparisons.baseBranchFor(account, build)),
    log,
  });
  const qrPanel = new QrPanel(log);
  const notice = new CompletionNotice({ tracker, settings, branch, log });
  const branchSizes = new BranchSizes({ branch, view: branchView.view, sizes, comparisons, settings, log });

  const targets = new CommandTargets(apps);
  const history = new HistoryCommands({ session, tracker, apps, targets, extensionUri: context.extensionUri, sizes, log });
  const accountCommands = new AccountCommands({ accounts, settings, globalState: context.globalState, traces: [repoMap, sizes], log });
  const tools = {
    ...new ChatTools({ session, branch, git, tracker, apps, settings, log }).tools(),
    ...new ComparisonTool({ session, branch, comparisons, firstFailed, settings, log }).tools(),
    ...changedCommands.tools(log, () => settings.value.timeoutSeconds),
    ...new SizeTool({ session, branch, sizes: branchSizes, settings, log }).tools(),
  };
  const commands = registerCommands(
    {
      ...accountCommands.table(),
      ...new TokenCommands(accounts, apps, log).table(),
      ...new LinkCommands(settings, targets, log).table(),
      ...new BuildCommands({ session, apps, targets, tracker, log }).table(),
      ...new BranchCommands({ session, git, model: branch, branchView, apps, targets, tracker, log }).table(),
      ...new TestCommands({ tests: buildTests, coverage, targets, branch, session }).table(),
      ...new InstallCommands({ session, git, branch, panel: qrPanel, targets, log }).table(),
      ...history.table(),
      ...new FlakyCommands({ comparisons, branch, session, locator: buildTests.locator }).table(),
      ...new CommitsCommands({ git, tests: buildTests, notes: failureNotes }).table(),
      ...changedCommands.table(),
      ...new NetworkCommands(settings, consent).table(),
      ...new ArtifactCommands({ session, settings, branch, targets, workspaceState: context.workspaceState, log }).table(),
    },
    presenter,
  );
  context.subscriptions.push(
    log,
    settings,
    accounts,
    session,
    accountCommands,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Build Service', accountCommands, {
      supportsMultipleAccounts: true,
    }),
    tracker,
    apps,
    git,
    branch,
    branchView,
    statusBar,
    buildTests,
    coverage,
    qrPanel,
    history,
    comparisons,
    failureNotes,
    firstLook,
    buildTests.onDidShow(({ asked }) => {
      if (asked) firstLook.see();
      failureNotes.lookAt(buildTests.view);
    }),
    // Beside a build: its failures against the base, how much of what the branch changed its tests ran, its size against the base.
    branchView.showNotes(
      (account, buildId) =>
        withSizes(
          withMore(failureNotes.summaryOf(account, buildId), changedCommands.summaryOf(account, buildId)),
          branchSizes.noteOf(account, buildId),
        ),
      (listener) =>
        vscode.Disposable.from(
          failureNotes.onDidChangeSummaries(listener),
          changedCommands.onDidLearn(listener),
          branchSizes.onDidLearn(listener),
        ),
    ),
    changedCommands,
    new ChangedOnLook({ changedCommands, branch, view: branchView.view, window: windowApis, firstLook, coverage, settings, log }),
    // A run drawn again with its notes takes the coverage's place in VS Code: the coverage goes back on top.
    failureNotes.onDidNote(() => coverage.view?.showAgain()),
    notice,
    sizes,
    branchSizes,
    ...commands,
    ...registerTools(tools),
  );

  // The tokens' round trip starts behind the registrations; then the apps' rows, before the view is opened.
  accounts.readAhead();
  apps.preload();

  const testing = testMode
    ? {
        secrets: context.secrets,
        globalState: context.globalState,
        accounts,
        accountsMenu: accountCommands,
        get tokenSecretKey() {
          return accounts.settingsSecretKey();
        },
        logFile: vscode.Uri.joinPath(context.logUri, `${LOG_CHANNEL_NAME}.log`),
        appsView: apps.view,
        tracker,
        branch: { model: branch, tree: branchView, statusBar, git, tracker, choices },
        tests: buildTests,
        comparisons: { service: comparisons, notes: failureNotes },
        changed: changedCommands,
        coverage,
        qrPanel,
        historyPanel: history.panel,
        notice,
        chatTools: tools,
        sizes: { store: sizes, branch: branchSizes },
      }
    : undefined;
  return { apps, testing };
}

export function deactivate(): void {}

function userAgentOf(context: vscode.ExtensionContext): string {
  const { version } = context.extension.packageJSON as { version?: unknown };
  return `build-service-vscode/${typeof version === 'string' ? version : '0'}`;
}
