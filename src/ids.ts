// Every command id the extension registers, in one place. test/unit/commandIds.test.ts checks this
// table against package.json both ways, so the palette can never offer an unregistered command.
// No vscode import: the unit test loads this file in plain Node.

export const CommandId = {
  setAccessToken: 'buildService.setAccessToken',
  clearAccessToken: 'buildService.clearAccessToken',
  refresh: 'buildService.refresh',
  openDashboard: 'buildService.openDashboard',
  openStatusPage: 'buildService.openStatusPage',
  showLog: 'buildService.showLog',
  openSettings: 'buildService.openSettings',
  // Context menu of an app in the Apps view only (hidden from the palette).
  copyAppId: 'buildService.copyAppId',
  openAppInDashboard: 'buildService.openAppInDashboard',
  // Builds in the Apps view (issue 5): on an app, and on a build or its details.
  filterBuilds: 'buildService.filterBuilds',
  clearFilter: 'buildService.clearFilter',
  cancelBuild: 'buildService.cancelBuild',
  openBuildInDashboard: 'buildService.openBuildInDashboard',
  openCommit: 'buildService.openCommit',
  copyBuildId: 'buildService.copyBuildId',
  /** A build's commit, install or download link, clicked in its details; the address is checked. */
  openBuildLink: 'buildService.openBuildLink',
  // The current branch (issue 5): palette, view titles and the status-bar item.
  triggerBuild: 'buildService.triggerBuild',
  revealCurrentBranchBuild: 'buildService.revealCurrentBranchBuild',
  refreshCurrentBranch: 'buildService.refreshCurrentBranch',
  // Networks (issue 9): the fix offered with a proxy-authentication failure; the token on http:// addresses.
  openProxySettings: 'buildService.openProxySettings',
  allowUnencrypted: 'buildService.allowUnencrypted',
  forgetUnencryptedChoices: 'buildService.forgetUnencryptedChoices',
} as const;

export type CommandIdValue = (typeof CommandId)[keyof typeof CommandId];

/** Commands that need a tree item to act on, so package.json hides them from the palette. */
export const CONTEXT_MENU_ONLY: readonly CommandIdValue[] = [
  CommandId.copyAppId,
  CommandId.openAppInDashboard,
  CommandId.filterBuilds,
  CommandId.clearFilter,
  CommandId.cancelBuild,
  CommandId.openBuildInDashboard,
  CommandId.openCommit,
  CommandId.copyBuildId,
  CommandId.openBuildLink,
];

/** The view and container ids, also part of the contract with package.json. */
export const VIEW_CONTAINER_ID = 'buildService';
export const APPS_VIEW_ID = 'buildService.apps';
export const CURRENT_BRANCH_VIEW_ID = 'buildService.currentBranch';
