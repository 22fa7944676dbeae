import type { App, Build, BuildServiceClient } from '../../api';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../../services/accounts/accounts';
import type { BuildTracker } from '../../services/builds/buildTracker';
import type { Log } from '../../services/log';
import type { AppsView } from '../../views/apps/appsView';

export interface TriggerDeps {
  tracker: BuildTracker;
  apps: AppsView;
  log: Log;
}

export interface TriggerRequest {
  account: Account;
  client: BuildServiceClient;
  app: App;
  branch: string;
  /** Wraps the request that starts the build (a progress notification). */
  progress?: (start: () => Promise<string>) => PromiseLike<string>;
}

/**
 * Trigger Build, for the command and the chat tool alike: starts the build, then follows it as
 * triggered here (Current Branch shows it at once, its end is announced) and the Apps view reloads.
 */
export async function triggerAndFollow(deps: TriggerDeps, request: TriggerRequest): Promise<Build> {
  const { account, client, app, branch } = request;
  const start = () => client.triggerBuild(app.id, { branch });
  const id = await (request.progress ? request.progress(start) : start());
  deps.log.info(loggedText(`Triggered build ${id} of ${app.id} on ${branch}.`));
  const build = await readBack(deps.log, client, id, app, branch);
  deps.tracker.hold(account, build, 'triggered');
  // The new build shows under its app.
  deps.apps.invalidate();
  return build;
}

/** The new build as the service sees it; if that read fails, a stand-in the poller fills in. */
async function readBack(log: Log, client: BuildServiceClient, id: string, app: App, branch: string): Promise<Build> {
  try {
    return await client.getBuild(id);
  } catch (error) {
    log.warn(loggedText(`Build ${id} was triggered but could not be read yet: ${error instanceof Error ? error.message : String(error)}`));
    return {
      id,
      appId: app.id,
      status: 'queued',
      rawStatus: 'queued',
      finished: false,
      commit: { branch, tags: [] },
      testSummary: {},
      links: { download: [], install: [] },
    };
  }
}
