import type { App, Build, BuildServiceClient } from '../../api';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../../services/accounts/accounts';
import type { BuildTracker } from '../../services/builds/buildTracker';
import type { Log } from '../../services/log';
import type { AppsView } from '../../views/apps/appsView';

/** A build read back that failed (or answered for another build) is asked again this many times, after 2, 4, 8… seconds: then the poller's lists are its way in. */
const READ_BACK_TRIES = 4;

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

/** The build started: its id, and the service's copy once it answered for it (undefined: not yet). */
export interface Triggered {
  readonly id: string;
  readonly build?: Build;
}

/**
 * Trigger Build, for the command and the chat tool alike: starts the build, then follows the copy the
 * service answers with as triggered here (Current Branch shows it at once, its end is announced) and
 * the Apps view reloads. Nothing stands in for a build the service has not answered for yet.
 */
export async function triggerAndFollow(deps: TriggerDeps, request: TriggerRequest): Promise<Triggered> {
  const { account, client, app, branch } = request;
  const start = () => client.triggerBuild(app.id, { branch });
  const id = await (request.progress ? request.progress(start) : start());
  deps.log.info(loggedText(`Triggered build ${id} of ${app.id} on ${branch}.`));
  const build = await readBack(deps.log, client, id, app.id);
  if (build) follow(deps, account, build);
  else void readAgain(deps, account, client, id, app.id);
  return { id, build };
}

function follow(deps: TriggerDeps, account: Account, build: Build): void {
  deps.tracker.hold(account, build, 'triggered');
  // The new build shows under its app.
  deps.apps.invalidate();
}

/** The service's copy of the build triggered; an answer for another build (or another app's) is none: it is not followed as this one. */
async function readBack(log: Log, client: BuildServiceClient, id: string, appId: string): Promise<Build | undefined> {
  try {
    const build = await client.getBuild(id);
    if (build.id === id && (build.appId === undefined || build.appId === appId)) return build;
    log.warn(
      loggedText(`Build ${id} of ${appId} was triggered but the service answered with build ${build.id} of ${build.appId ?? 'no app'}.`),
    );
    return undefined;
  } catch (error) {
    log.warn(loggedText(`Build ${id} was triggered but could not be read yet: ${error instanceof Error ? error.message : String(error)}`));
    return undefined;
  }
}

async function readAgain(deps: TriggerDeps, account: Account, client: BuildServiceClient, id: string, appId: string): Promise<void> {
  for (let attempt = 1; attempt <= READ_BACK_TRIES; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    const build = await readBack(deps.log, client, id, appId);
    if (build) return follow(deps, account, build);
  }
}
