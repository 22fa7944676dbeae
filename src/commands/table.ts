import type { Services } from '../services';
import { copyAppId, refresh, showLog } from './apps';
import { refreshCurrentBranch, revealCurrentBranchBuild } from './branch';
import { openBuildInDashboard, openBuildLink, openCommit } from './buildLinks';
import { cancelBuild, clearFilter, copyBuildId, filterBuilds } from './builds';
import { CommandId } from '../ids';
import { openAppInDashboard, openDashboard, openSettings, openStatusPage } from './links';
import { allowUnencrypted, forgetUnencryptedChoices, openProxySettings } from './network';
import type { CommandTable } from './register';
import { clearAccessToken, setAccessToken } from './token';
import { triggerBuild } from './trigger';

export function commandTable(s: Services): CommandTable {
  return {
    [CommandId.setAccessToken]: () => setAccessToken(s),
    [CommandId.clearAccessToken]: () => clearAccessToken(s),
    [CommandId.refresh]: () => refresh(s),
    [CommandId.openDashboard]: (page) => openDashboard(s, page),
    [CommandId.openStatusPage]: () => openStatusPage(s),
    [CommandId.showLog]: () => showLog(s),
    [CommandId.openSettings]: (setting) => openSettings(setting),
    [CommandId.copyAppId]: (node) => copyAppId(s, node),
    [CommandId.openAppInDashboard]: (node) => openAppInDashboard(s, node),
    [CommandId.filterBuilds]: (node) => filterBuilds(s, node),
    [CommandId.clearFilter]: (node) => clearFilter(s, node),
    [CommandId.cancelBuild]: (node) => cancelBuild(s, node),
    [CommandId.openBuildInDashboard]: (node) => openBuildInDashboard(s, node),
    [CommandId.openCommit]: (node) => openCommit(s, node),
    [CommandId.copyBuildId]: (node) => copyBuildId(s, node),
    [CommandId.openBuildLink]: (url) => openBuildLink(s, url),
    [CommandId.triggerBuild]: (node) => triggerBuild(s, node),
    [CommandId.revealCurrentBranchBuild]: (buildId) => revealCurrentBranchBuild(s, buildId),
    [CommandId.refreshCurrentBranch]: () => refreshCurrentBranch(s),
    [CommandId.openProxySettings]: () => openProxySettings(),
    [CommandId.allowUnencrypted]: () => allowUnencrypted(s),
    [CommandId.forgetUnencryptedChoices]: () => forgetUnencryptedChoices(s),
  };
}
