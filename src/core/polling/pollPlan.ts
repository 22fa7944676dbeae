// The polling plan: which lists to ask in a round, and when the next round is. Decided here from what
// is followed (held unfinished builds) and what Current Branch shows; the poller only keeps the timer
// and sends the requests.
import { BRANCH_LIST_LIMIT, carriesAny, type WatchedBranch } from '../branch/branchWatch';
import { byApp, followListLimit } from './followLists';
import type { PollPauses } from './pollPause';
import type { PollClock, PollRound, PollWork } from './pollSchedule';
import { buildKey, type Followed } from '../builds/trackedBuilds';

export interface PlanInput {
  readonly followed: readonly Followed[];
  /** One per repository shown, each with its account. */
  readonly watched: readonly WatchedBranch[];
}

/** One list of an app's newest builds of the watched branch: it finds a new build and carries the followed ones. */
export interface BranchList {
  readonly watch: WatchedBranch;
  readonly owner: string;
  readonly appId: string;
  readonly branch: string;
  readonly limit: number;
}

/** One account's followed builds to ask for: a list per app (`limit` long), else each alone. */
export interface FollowedAsk {
  readonly owner: string;
  readonly lists: readonly { appId: string; ids: readonly string[]; limit: number }[];
  readonly alone: readonly string[];
}

/** What the branch lists answered, by buildKey: the builds they held, the apps whose list failed. */
export interface Answered {
  readonly listed: ReadonlySet<string>;
  readonly unanswered: ReadonlySet<string>;
}

export const NOTHING_ANSWERED: Answered = { listed: new Set(), unanswered: new Set() };

export function pollWork({ followed, watched }: PlanInput): PollWork {
  const busy = followed.filter(({ owner, build }) => carriesAny(ofOwner(watched, owner), build)).length;
  return { following: followed.length > busy, watching: watched.length > 0, branchBusy: busy > 0 };
}

/** Milliseconds to the next round (or to a pause's end); undefined: nothing to poll. */
export function nextWait(clock: PollClock, now: number, input: PlanInput, pauses?: PollPauses): number | undefined {
  const wait = clock.wait(now, pollWork(unpaused(input, now, pauses)));
  const owners = new Set([...input.followed.map((f) => f.owner), ...input.watched.map((w) => w.account)]);
  const ends = [...owners].map((owner) => pauses?.pausedUntil(owner, now) ?? Infinity);
  const end = Math.min(...ends) - now;
  return end === Infinity ? wait : Math.min(wait ?? Infinity, Math.ceil(end));
}

/** What is due now, and the branch lists of this round (first: they may carry the followed builds); none of a paused account. */
export function planRound(
  clock: PollClock,
  now: number,
  all: PlanInput,
  pauses?: PollPauses,
): { due: PollRound; branchLists: BranchList[] } {
  const input = unpaused(all, now, pauses);
  const due = clock.due(now, pollWork(input));
  const branchLists = due.lists
    ? input.watched.flatMap((watch) =>
        [...watch.rows.keys()].map((appId) => ({ watch, owner: watch.account, appId, branch: watch.branch, limit: BRANCH_LIST_LIMIT })),
      )
    : [];
  return { due, branchLists };
}

/**
 * The followed builds to ask for after the branch lists: those no watched list carries when their
 * round is due, and those a list should have carried but did not (its app's list failed: not those).
 */
export function followedToAsk(input: PlanInput, due: PollRound, answered: Answered): FollowedAsk[] {
  const byOwner = new Map<string, Followed['build'][]>();
  for (const { owner, build } of input.followed) {
    const carried = carriesAny(ofOwner(input.watched, owner), build);
    const wanted = carried
      ? due.lists && !answered.listed.has(buildKey(owner, build.id)) && !answered.unanswered.has(buildKey(owner, build.appId ?? ''))
      : due.byId;
    if (wanted) byOwner.set(owner, [...(byOwner.get(owner) ?? []), build]);
  }
  return [...byOwner].map(([owner, builds]) => {
    const { lists, alone } = byApp(builds);
    return { owner, lists: [...lists].map(([appId, ids]) => ({ appId, ids, limit: followListLimit(ids.length) })), alone };
  });
}

/** What a round may ask now: the builds and branches of accounts whose polling is paused left out. */
export function unpaused(input: PlanInput, now: number, pauses?: PollPauses): PlanInput {
  if (!pauses) return input;
  const asked = (owner: string) => pauses.pausedUntil(owner, now) === undefined;
  return { followed: input.followed.filter((f) => asked(f.owner)), watched: input.watched.filter((w) => asked(w.account)) };
}

function ofOwner(watched: readonly WatchedBranch[], owner: string): WatchedBranch[] {
  return watched.filter((w) => w.account === owner);
}
