import * as vscode from 'vscode';
import { EXTENSION_ID, Setting } from '../ids';
import { explainMissingAddress, openWebPage } from '../services/links';
import type { Services } from '../services';
import { AppNode } from '../views/apps/nodes';

// The dashboard's pages below its address. API.md: the token is made "under the profile page's
// access-token section"; apps live under /apps/<id>.
const PROFILE_PAGE = 'profile';

/** `page` is 'accessToken' from the welcome view's link, to land where tokens are made. */
export async function openDashboard(s: Services, page?: unknown): Promise<void> {
  const base = s.settings.value.dashboardUrl;
  if (!base) return explainMissingAddress(Setting.dashboardUrl, 'the dashboard');
  await openWebPage(page === 'accessToken' ? `${base}/${PROFILE_PAGE}` : base, s.log);
}

export async function openStatusPage(s: Services): Promise<void> {
  const url = s.settings.value.statusUrl;
  if (!url) return explainMissingAddress(Setting.statusUrl, 'the status page');
  await openWebPage(url, s.log);
}

export async function openAppInDashboard(s: Services, node?: unknown): Promise<void> {
  const app = node instanceof AppNode ? node : s.appsView.selection.find((n) => n instanceof AppNode);
  if (!app) return;
  const base = s.settings.value.dashboardUrl;
  if (!base) return explainMissingAddress(Setting.dashboardUrl, 'the app in the dashboard');
  await openWebPage(`${base}/apps/${encodeURIComponent(app.app.id)}`, s.log);
}

/** Opens the Settings editor at one of this extension's settings (all of them when none is named). */
export async function openSettings(setting?: unknown): Promise<void> {
  const known = Object.values(Setting) as string[];
  const query = typeof setting === 'string' && known.includes(setting) ? setting : `@ext:${EXTENSION_ID}`;
  await vscode.commands.executeCommand('workbench.action.openSettings', query);
}
