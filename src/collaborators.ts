import vscode = require('vscode');
import { CommandTargets } from './commands/targets';
import { DisposableStore } from './core/disposable';
import { testTimeScale } from './core/polling/pollSchedule';
import { ViewId } from './ids';
import { Accounts } from './services/accounts/accounts';
import { Session } from './services/accounts/session';
import { UnencryptedConsent } from './services/accounts/unencryptedConsent';
import { CurrentBranch } from './services/branch/currentBranch';
import { GitWorkspace } from './services/branch/gitWorkspace';
import { RepoAccounts } from './services/branch/repoAccounts';
import { RepoMap } from './services/branch/repoMap';
import { BuildTracker } from './services/builds/buildTracker';
import { ContextKeys } from './services/contextKeys';
import { ErrorPresenter } from './services/errorPresenter';
import { FirstLook } from './services/firstLook';
import { Log } from './services/log';
import { SettingProblemNotifier } from './services/settingProblems';
import { SettingsService } from './services/settings';
import { FirstFailedSearch } from './services/testing/firstFailedSearch';
import { TestComparisons } from './services/testing/testComparisons';
import { AppsView } from './views/apps/appsView';
import { BranchStatusBar } from './views/branch/branchStatusBar';
import { CurrentBranchView } from './views/branch/currentBranchView';
import { BuildCoverage } from './views/testing/buildCoverage';
import { BuildTests } from './views/testing/buildTests';
import { FailureNotes } from './views/testing/failureNotes';
import { ArtifactSizes } from './services/sizes/artifactSizes';
import { BranchSizes } from './views/branch/branchSizes';

/** The long-lived objects more than one feature uses, each by its name; the features take what they need from it. */
export type Collaborators = ReturnType<typeof createCollaborators>;

// Constructing reads nothing and sends nothing: the account list and tokens are read once all is registered.
export function createCollaborators(context: vscode.ExtensionContext, testMode: boolean) {
  const owned = new DisposableStore();
  let accounts: Accounts | undefined = undefined;
  const log = owned.add(new Log(() => accounts?.knownSecrets() ?? []));
  const settingProblems = new SettingProblemNotifier(log);
  const settings = owned.add(new SettingsService((value) => settingProblems.report(value)));
  const consent = new UnencryptedConsent(context.globalState, log);
  const userAgent = userAgentOf(context);
  accounts = owned.add(new Accounts({ secrets: context.secrets, globalState: context.globalState, settings, log, userAgent, consent }));
  const presenter = new ErrorPresenter(log, accounts, () => settings.value.timeoutSeconds);
  const session = owned.add(new Session(accounts));
  const contextKeys = new ContextKeys();
  const firstLook = new FirstLook();
  // Tests cannot wait a minute per look; they run the same schedule and pauses at a time scale.
  const timeScale = testMode ? testTimeScale(process.env.BUILD_SERVICE_SOAK_TIME_SCALE) : undefined;
  const tracker = owned.add(new BuildTracker({ session, settings, log, presenter, timeScale }));
  const extensionUri = context.extensionUri;
  const sizes = owned.add(new ArtifactSizes(context.globalState, log));
  const apps = owned.add(new AppsView({ session, settings, presenter, tracker, contextKeys, log, extensionUri, sizes }));
  const git = owned.add(new GitWorkspace(log));
  const repoMap = new RepoMap(context.globalState, log);
  const choices = new RepoAccounts(context.workspaceState, accounts);
  const branch = owned.add(new CurrentBranch({ git, session, settings, tracker, contextKeys, log, repoMap, choices, firstLook }));
  const branchView = owned.add(new CurrentBranchView(branch, presenter, contextKeys, ViewId.currentBranch));
  const statusBar = owned.add(new BranchStatusBar(branch));
  const buildTests = owned.add(new BuildTests({ session, settings, branch, log }));
  const coverage = owned.add(new BuildCoverage({ session, settings, branch, tests: buildTests, log }));
  const comparisons = owned.add(new TestComparisons(git, log));
  firstLook.watch([apps.view, branchView.view], () => buildTests.view?.failedSources() ?? []);
  const firstFailed = new FirstFailedSearch(comparisons);
  const failureNotes = owned.add(new FailureNotes(comparisons, firstLook, log, firstFailed));
  const branchSizes = owned.add(new BranchSizes({ branch, view: branchView.view, sizes, comparisons, settings, log }));
  owned.add(firstLook);
  return {
    globalState: context.globalState,
    workspaceState: context.workspaceState,
    extensionUri,
    log,
    settings,
    consent,
    accounts,
    presenter,
    session,
    contextKeys,
    firstLook,
    tracker,
    apps,
    targets: new CommandTargets(apps),
    git,
    repoMap,
    choices,
    branch,
    branchView,
    statusBar,
    buildTests,
    coverage,
    comparisons,
    firstFailed,
    failureNotes,
    sizes,
    branchSizes,
    /** Lets go of the objects above that hold something, in the order they were made. */
    dispose: () => owned.dispose(),
  };
}

function userAgentOf(context: vscode.ExtensionContext): string {
  const { version } = context.extension.packageJSON as { version?: unknown };
  return `build-service-vscode/${typeof version === 'string' ? version : '0'}`;
}
