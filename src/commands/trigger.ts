import * as vscode from 'vscode';
import type { App, Build, BuildServiceClient } from '../api';
import { completionMessage } from '../core/statusText';
import { Setting } from '../ids';
import { explainMissingAddress } from '../services/links';
import type { Services } from '../services';
import { AppNode } from '../views/apps/nodes';
import { pickApp, pickBranch } from './triggerPicks';

/**
 * Trigger Build: the app (skipped when only one app builds this repository, or when run on an app
 * in the Apps view), the branch (the current one first), then one POST. The new build is shown and
 * followed; its end is announced by CompletionNotice.
 */
export async function triggerBuild(s: Services, node?: unknown): Promise<void> {
  const client = s.branch.clients.get();
  if (!client) return explainMissingAddress(Setting.baseUrl, 'trigger a build');
  const app = node instanceof AppNode ? node.app : await pickApp(s, client);
  if (!app) return;
  const branch = await pickBranch(s, client, app);
  if (branch === undefined) return;
  const id = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Triggering a build of ${app.name || app.id} on ${branch}…` },
    () => client.triggerBuild(app.id, { branch }),
  );
  const build = await fetchNew(s, client, id, app, branch);
  s.log.info(`Triggered build ${id} of ${app.id} on ${branch}.`);
  s.branch.poller.follow(build, 'triggered');
  s.branch.model.showBuild(build);
  s.branch.afterTrigger(app);
  // A status-bar note, not a toast: the user just asked for it, and the end gets a toast of its own.
  vscode.window.setStatusBarMessage(completionMessage(build, app.name || app.id), 5000);
}

/** The new build as the service sees it; if that read fails, a stand-in the poller fills in. */
async function fetchNew(s: Services, client: BuildServiceClient, id: string, app: App, branch: string): Promise<Build> {
  try {
    return await client.getBuild(id);
  } catch (error) {
    s.log.warn(`Build ${id} was triggered but could not be read yet: ${error instanceof Error ? error.message : String(error)}`);
    return { id, appId: app.id, status: 'queued', rawStatus: 'queued', finished: false, commit: { branch, tags: [] }, testSummary: {}, links: { download: [], install: [] } };
  }
}
