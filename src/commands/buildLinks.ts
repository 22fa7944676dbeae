import { Setting } from '../ids';
import { explainMissingAddress, openWebPage } from '../services/links';
import type { Services } from '../services';
import { buildOf } from './builds';

/** The build's page under the app's, like Open in Dashboard on an app: /apps/<app>/builds/<build>. */
export async function openBuildInDashboard(s: Services, node?: unknown): Promise<void> {
  const target = buildOf(s, node);
  if (!target) return;
  const base = s.settings.value.dashboardUrl;
  if (!base) return explainMissingAddress(Setting.dashboardUrl, 'the build in the dashboard');
  const appId = target.build.appId ?? target.appId;
  await openWebPage(`${base}/apps/${encodeURIComponent(appId)}/builds/${encodeURIComponent(target.build.id)}`, s.log);
}

/** The commit's page as the service names it; openWebPage refuses anything but http(s). */
export async function openCommit(s: Services, node?: unknown): Promise<void> {
  const target = buildOf(s, node);
  if (!target) return;
  const url = target.build.commit.url;
  if (!url) {
    s.log.info(`Build ${target.build.id} names no commit page.`);
    return;
  }
  await openWebPage(url, s.log);
}

/** A link from a build's details (commit, install, download): only a string, and only http(s). */
export async function openBuildLink(s: Services, url?: unknown): Promise<void> {
  if (typeof url === 'string') await openWebPage(url, s.log);
}
