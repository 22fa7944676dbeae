// Ids package.json and the code share (test/unit/manifestIds.test.ts checks both ways). No imports: every layer may use it.

// A command id that more than one file names (a menu's node, a link, a fix) lives here; one that only its own
// group names may stay in the group (Copy Build Number's), though most such are here too. manifestIds.test.ts checks the first half.
export const CommandId = {
  setAccessToken: 'buildService.setAccessToken',
  clearAccessToken: 'buildService.clearAccessToken',
  refresh: 'buildService.refresh',
  openDashboard: 'buildService.openDashboard',
  openStatusPage: 'buildService.openStatusPage',
  showLog: 'buildService.showLog',
  openSettings: 'buildService.openSettings',
  copyAppId: 'buildService.copyAppId',
  openAppInDashboard: 'buildService.openAppInDashboard',
  filterBuilds: 'buildService.filterBuilds',
  clearFilter: 'buildService.clearFilter',
  cancelBuild: 'buildService.cancelBuild',
  openBuildInDashboard: 'buildService.openBuildInDashboard',
  openCommit: 'buildService.openCommit',
  copyBuildId: 'buildService.copyBuildId',
  /** A build's commit, install or download link, clicked in its details; the address is checked. */
  openBuildLink: 'buildService.openBuildLink',
  triggerBuild: 'buildService.triggerBuild',
  revealCurrentBranchBuild: 'buildService.revealCurrentBranchBuild',
  refreshCurrentBranch: 'buildService.refreshCurrentBranch',
  showTestResults: 'buildService.showTestResults',
  clearTestResults: 'buildService.clearTestResults',
  showCoverage: 'buildService.showCoverage',
  showQrCode: 'buildService.showQrCode',
  /** On an app (Apps view) or my branch's build (Current Branch): the last builds as a chart. */
  showBuildHistory: 'buildService.showBuildHistory',
  installLatestBuild: 'buildService.installLatestBuild',
  /** On a build, a Current Branch build, a download link row, or from the palette. */
  downloadArtifact: 'buildService.downloadArtifact',
  openProxySettings: 'buildService.openProxySettings',
  allowUnencrypted: 'buildService.allowUnencrypted',
  forgetUnencryptedChoices: 'buildService.forgetUnencryptedChoices',
  signIn: 'buildService.signIn',
  signOut: 'buildService.signOut',
  /** On a repository's section in Current Branch, or the active editor's repository from the palette. */
  chooseAccountForRepository: 'buildService.chooseAccountForRepository',
  /** The flaky tests of an app's base branch, from the palette, an app or a Current Branch build. */
  showFlakyTests: 'buildService.showFlakyTests',
} as const;

export type CommandIdValue = (typeof CommandId)[keyof typeof CommandId];

export const ToolName = {
  branchStatus: 'buildService_branchStatus',
  listBuilds: 'buildService_listBuilds',
  failedTests: 'buildService_failedTests',
  triggerBuild: 'buildService_triggerBuild',
  failuresAgainstBase: 'buildService_failuresAgainstBase',
  changedNotTested: 'buildService_changedNotTested',
  sizeAgainstBase: 'buildService_sizeAgainstBase',
} as const;
export type ToolNameValue = (typeof ToolName)[keyof typeof ToolName];

export const VIEW_CONTAINER_ID = 'buildService';

export const ViewId = {
  apps: 'buildService.apps',
  currentBranch: 'buildService.currentBranch',
} as const;

/** Context keys that package.json's viewsWelcome and menus read. */
export const ContextKey = {
  /** One value per empty state of the Apps view ('' when it shows nodes or is loading them). */
  appsState: 'buildService.appsState',
  /** The chosen account has a token (the walkthrough's "Set your token" step). */
  hasToken: 'buildService.hasToken',
  /** One value per empty state of the Current Branch view ('' when it shows nodes). */
  currentBranchState: 'buildService.currentBranchState',
  /** The Apps view has listed at least one app (the walkthrough's "See your apps" step). */
  appsListed: 'buildService.appsListed',
  /** The Current Branch view shows a build of the branch (the walkthrough's "See your branch" step). */
  branchBuildShown: 'buildService.branchBuildShown',
} as const;

export type ContextKeyName = (typeof ContextKey)[keyof typeof ContextKey];

export const SETTINGS_SECTION = 'buildService';

/** The AuthenticationProvider of the Accounts menu (package.json contributes.authentication). */
export const AUTH_PROVIDER_ID = 'buildService';

export const Setting = {
  baseUrl: 'buildService.baseUrl',
  dashboardUrl: 'buildService.dashboardUrl',
  statusUrl: 'buildService.statusUrl',
  requestTimeoutSeconds: 'buildService.requestTimeoutSeconds',
  downloadSizeLimitMB: 'buildService.downloadSizeLimitMB',
  buildsPerApp: 'buildService.buildsPerApp',
  autoRefresh: 'buildService.autoRefresh',
  appId: 'buildService.appId',
  notifyOnCompletion: 'buildService.notifyOnCompletion',
  testResultsForCurrentBranch: 'buildService.testResultsForCurrentBranch',
  showPassingTests: 'buildService.showPassingTests',
  coverageForCurrentBranch: 'buildService.coverageForCurrentBranch',
  account: 'buildService.account',
  baseBranch: 'buildService.baseBranch',
  flakyTestBuilds: 'buildService.flakyTestBuilds',
  sizeIncrease: 'buildService.sizeIncrease',
} as const;

export type SettingId = (typeof Setting)[keyof typeof Setting];

export const STATUS_BAR_ITEM_ID = 'buildService.currentBranch';

/** The extension's id as VS Code knows it (publisher.name), for the settings search. */
export const EXTENSION_ID = 'buildservice.build-service';
