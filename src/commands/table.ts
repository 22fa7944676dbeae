import type { Services } from '../services';
import { copyAppId, refresh, showLog } from './apps';
import { CommandId } from './ids';
import { openAppInDashboard, openDashboard, openSettings, openStatusPage } from './links';
import type { CommandTable } from './register';
import { clearAccessToken, setAccessToken } from './token';

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
  };
}
