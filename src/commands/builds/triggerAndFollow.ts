import type * as vscode from 'vscode';
import type { App, Build, BuildServiceClient } from '../../api';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../../services/accounts/accounts';
import type { Session } from '../../services/accounts/session';
import type { BuildTracker } from '../../services/builds/buildTracker';
import type { Log } from '../../services/log';
import type { AppsView } from '../../views/apps/appsView';

/** A build read back that failed (or answered for another build) is asked again this many times, after 2, 4, 8… seconds: then the poller's lists are its way in. */
const READ_BACK_TRIES = 4;

export interface TriggerDeps {
  /** Its accounts say when the build's account signs out or its token goes: the read-back stops then. */
  session: Session;
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
  // Watched from the start: a Sign Out while the service takes its time to answer stops the read-back too.
  const watch = watchLoss(deps, account);
  const start = () => client.triggerBuild(app.id, { branch });
  let handedOn = false;
  try {
    const id = await (request.progress ? request.progress(start) : start());
    deps.log.info(loggedText(`Triggered build ${id} of ${app.id} on ${branch}.`));
    const read = watch.lost ? undefined : await readBack(client, id, app.id);
    if (!read || watch.lost) {
      watch.said(id);
      return { id };
    }
    if (isBuild(read)) follow(deps, account, read);
    else {
      logMiss(deps.log, id, app.id, read);
      handedOn = true;
      void readAgain(deps, account, client, id, app.id, watch);
    }
    return { id, build: isBuild(read) ? read : undefined };
  } finally {
    if (!handedOn) watch.dispose();
  }
}

/** Whether the build's account has signed out or its token changed since the trigger; said once in the log. */
interface LossWatch extends vscode.Disposable {
  readonly lost: boolean;
  /** Says (once) that build `id` is no longer read back. */
  said(id: string): void;
  /** Called back as the account is lost. */
  onLost(wake: () => void): void;
}

function watchLoss(deps: TriggerDeps, account: Account): LossWatch {
  let lost = false;
  let told = false;
  let wake: () => void = () => undefined;
  const watching = deps.session.accounts.onDidLose(
    () => account,
    () => {
      lost = true;
      wake();
    },
  );
  const watch: LossWatch = {
    get lost() {
      return lost;
    },
    said: (id) => {
      if (told) return;
      told = true;
      deps.log.info(loggedText(`Build ${id} is no longer read back: its account signed out or its token changed.`));
    },
    onLost: (then) => {
      wake = then;
    },
    dispose: () => {
      watching.dispose();
    },
  };
  return watch;
}

function follow(deps: TriggerDeps, account: Account, build: Build): void {
  deps.tracker.hold(account, build, 'triggered');
  // The new build shows under its app.
  deps.apps.invalidate();
}

/** Why a read-back gave no build: the service answered for another build (or another app's), or failed. */
type Miss = { readonly miss: 'other'; readonly other: Build } | { readonly miss: 'failed'; readonly error: unknown };

/** The service's copy of the build triggered; an answer for another build (or another app's) is none: it is not followed as this one. */
async function readBack(client: BuildServiceClient, id: string, appId: string): Promise<Build | Miss> {
  try {
    const build = await client.getBuild(id);
    return build.id === id && (build.appId === undefined || build.appId === appId) ? build : { miss: 'other', other: build };
  } catch (error) {
    return { miss: 'failed', error };
  }
}

function logMiss(log: Log, id: string, appId: string, miss: Miss): void {
  if (miss.miss === 'other') {
    const { other } = miss;
    log.warn(
      loggedText(`Build ${id} of ${appId} was triggered but the service answered with build ${other.id} of ${other.appId ?? 'no app'}.`),
    );
  } else {
    const { error } = miss;
    log.warn(loggedText(`Build ${id} was triggered but could not be read yet: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/** Asked again until read or READ_BACK_TRIES are spent; not once the account has signed out or its token changed (said once). */
async function readAgain(
  deps: TriggerDeps,
  account: Account,
  client: BuildServiceClient,
  id: string,
  appId: string,
  watch: LossWatch,
): Promise<void> {
  try {
    for (let attempt = 1; attempt <= READ_BACK_TRIES && !watch.lost; attempt++) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000 * 2 ** attempt);
        watch.onLost(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (watch.lost) break;
      const read = await readBack(client, id, appId);
      if (watch.lost) break;
      if (isBuild(read)) return follow(deps, account, read);
      logMiss(deps.log, id, appId, read);
    }
    if (watch.lost) watch.said(id);
  } finally {
    watch.dispose();
  }
}

function isBuild(read: Build | Miss): read is Build {
  return !('miss' in read);
}
