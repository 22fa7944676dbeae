import { ApiError, type Build, type BuildServiceClient } from '../../api';
import { newLatest } from '../../core/branch/branchWatch';
import { afterList, MAX_LIST_LIMIT } from '../../core/polling/followLists';
import { followedToAsk, type BranchList, type PlanInput } from '../../core/polling/pollPlan';
import type { PollRound } from '../../core/polling/pollSchedule';
import { buildKey } from '../../core/builds/trackedBuilds';
import { loggedText } from '../../core/text/serviceText';
import type { Session } from '../accounts/session';
import type { Log } from '../log';

export interface RoundDeps {
  session: Session;
  log: Log;
  /** A fresh copy; `newest`: a new build of a watched branch. */
  recorded(owner: string, build: Build, newest: boolean): void;
  /** A followed build the service no longer has. */
  gone(owner: string, id: string): void;
}

export interface RoundContext {
  /** What is followed and watched now (the branch lists may have changed it). */
  input(): PlanInput;
  /** The view still shows what the branch lists were planned for. */
  current(): boolean;
  signal: AbortSignal;
}

/** Per account asked: undefined when it answered, else the first failure (the poller pauses it). */
export type RoundOutcomes = Map<string, unknown>;

/**
 * The requests of one round: the branch lists first, then the followed builds they did not carry, each
 * account with its own client. An account that cannot be asked (signed out, no address) is skipped;
 * the views say why, and the next round looks again. An account whose list failed is asked nothing more.
 */
export async function pollRound(
  deps: RoundDeps,
  due: PollRound,
  branchLists: readonly BranchList[],
  round: RoundContext,
): Promise<RoundOutcomes> {
  const { signal } = round;
  const outcomes: RoundOutcomes = new Map();
  const listed = new Set<string>();
  const unanswered = new Set<string>();
  await Promise.all(
    branchLists.map(async (list) => {
      const client = await clientOf(deps, list.owner);
      if (!client) return;
      const builds = await ask(
        outcomes,
        list.owner,
        () => client.listBuilds(list.appId, { branch: list.branch, limit: list.limit, signal }),
        (why) => deps.log.warn(`Looking for new builds of ${loggedText(list.branch)} (app ${loggedText(list.appId)}): ${why}`),
      );
      if (!builds) return void unanswered.add(buildKey(list.owner, list.appId));
      for (const build of builds) listed.add(buildKey(list.owner, build.id));
      const latest = round.current() ? newLatest(list.watch, list.appId, builds) : undefined;
      if (latest) deps.log.info(`A new build of ${loggedText(list.branch)}: ${loggedText(latest.id)} (${latest.status}).`);
      for (const build of builds) deps.recorded(list.owner, build, build === latest);
    }),
  );
  await Promise.all(
    followedToAsk(round.input(), due, { listed, unanswered }).map(async ({ owner, lists, alone }) => {
      const client = outcomes.get(owner) === undefined ? await clientOf(deps, owner) : undefined;
      if (!client) return;
      await Promise.all([
        ...lists.map((list) => followApp(deps, client, owner, list, signal, outcomes)),
        ...alone.map((id) => followOne(deps, owner, id, () => client.getBuild(id, { signal }), outcomes)),
      ]);
    }),
  );
  return outcomes;
}

async function clientOf(deps: RoundDeps, accountId: string): Promise<BuildServiceClient | undefined> {
  const connection = await deps.session.accounts.byId(accountId)?.connection();
  return connection?.kind === 'ready' ? connection.client : undefined;
}

/** One list of the app's newest builds; a longer one, or each build alone, for those it did not hold. */
async function followApp(
  deps: RoundDeps,
  client: BuildServiceClient,
  owner: string,
  { appId, ids, limit: first }: { appId: string; ids: readonly string[]; limit: number },
  signal: AbortSignal,
  outcomes: RoundOutcomes,
): Promise<void> {
  let wanted = ids;
  let limit = first;
  for (;;) {
    const builds = await ask(
      outcomes,
      owner,
      () => client.listBuilds(appId, { limit, signal }),
      (why) => deps.log.warn(`Following the builds of app ${loggedText(appId)}: ${why}`),
    );
    if (!builds) return;
    for (const build of builds) deps.recorded(owner, build, false);
    const { missing, next } = afterList(wanted, builds, limit);
    if (next === 'done') return;
    if (next === 'alone') {
      await Promise.all(missing.map((id) => followOne(deps, owner, id, () => client.getBuild(id, { signal }), outcomes)));
      return;
    }
    wanted = missing;
    limit = MAX_LIST_LIMIT;
  }
}

async function followOne(deps: RoundDeps, owner: string, id: string, get: () => Promise<Build>, outcomes: RoundOutcomes): Promise<void> {
  const build = await ask(outcomes, owner, get, (why, gone) => {
    if (gone) deps.gone(owner, id); // a deleted build never finishes
    deps.log.warn(`Following build ${loggedText(id)}: ${why}`);
  });
  if (build) deps.recorded(owner, build, false);
}

/** Undefined after `failed` was told why (`gone`: a 404); the next round tries again. A 404 is an answer. */
async function ask<T>(
  outcomes: RoundOutcomes,
  owner: string,
  request: () => Promise<T>,
  failed: (why: string, gone: boolean) => void,
): Promise<T | undefined> {
  try {
    const answer = await request();
    if (!outcomes.has(owner)) outcomes.set(owner, undefined);
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'cancelled') return undefined; // the round was called off
    const gone = error instanceof ApiError && error.kind === 'not-found';
    if (gone) {
      if (!outcomes.has(owner)) outcomes.set(owner, undefined);
    } else if (outcomes.get(owner) === undefined) outcomes.set(owner, error);
    failed(error instanceof ApiError ? error.kind : String(error), gone);
    return undefined;
  }
}
