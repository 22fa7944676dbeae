// What the poller watches of the current branch, and what a list of its builds means.
import type { Build } from '../../api/models';
import { rowBuild, type BranchState } from './branchState';

/** The newest (is it new?) and the unfinished ones followed, which are among the newest. */
export const BRANCH_LIST_LIMIT = 5;

export interface WatchedBranch {
  readonly branch: string;
  /** The id of the account whose apps these are. */
  readonly account: string;
  /** By app: the build shown, undefined for none. */
  readonly latest: ReadonlyMap<string, string | undefined>;
}

export function watchedBranchOf(state: BranchState, account: string): WatchedBranch | undefined {
  if (state.kind !== 'builds' || state.entries.length === 0) return undefined;
  return { branch: state.branch, account, latest: new Map(state.entries.map((e) => [e.app.id, rowBuild(e)?.id])) };
}

export function sameApps(a: WatchedBranch | undefined, b: WatchedBranch | undefined): boolean {
  return (
    a?.branch === b?.branch && a?.account === b?.account && [...(a?.latest.keys() ?? [])].join() === [...(b?.latest.keys() ?? [])].join()
  );
}

export function sameLatest(a: WatchedBranch | undefined, b: WatchedBranch | undefined): boolean {
  return sameApps(a, b) && [...(a?.latest ?? [])].every(([app, id]) => b?.latest.get(app) === id);
}

export function sameAppsAll(a: readonly WatchedBranch[], b: readonly WatchedBranch[]): boolean {
  return a.length === b.length && a.every((w, i) => sameApps(w, b[i]));
}

export function sameLatestAll(a: readonly WatchedBranch[], b: readonly WatchedBranch[]): boolean {
  return a.length === b.length && a.every((w, i) => sameLatest(w, b[i]));
}

export function carriesAny(watched: readonly WatchedBranch[], build: Pick<Build, 'appId' | 'commit'>): boolean {
  return watched.some((w) => carries(w, build));
}

/** The list of the build's app and branch carries it: it needs no request of its own. */
export function carries(watch: WatchedBranch | undefined, build: Pick<Build, 'appId' | 'commit'>): boolean {
  return !!watch && !!build.appId && watch.latest.has(build.appId) && build.commit.branch === watch.branch;
}

export function newLatest(watch: WatchedBranch, appId: string, listed: readonly Build[]): Build | undefined {
  const newest = listed[0];
  return newest && newest.id !== watch.latest.get(appId) ? newest : undefined;
}

export interface GitHead {
  readonly branch?: string;
  /** remote/name */
  readonly upstream?: string;
  readonly upstreamCommit?: string;
  readonly ahead?: number;
}

// The upstream appeared or moved, or the commits ahead of it went; a fetch that moved it counts too
// (someone else pushed).
export function pushed(before: GitHead | undefined, after: GitHead): boolean {
  if (!before || !after.branch || before.branch !== after.branch || !after.upstream) return false;
  if (before.upstream !== after.upstream) return true;
  if (before.upstreamCommit !== after.upstreamCommit && after.upstreamCommit !== undefined) return true;
  return (before.ahead ?? 0) > 0 && after.ahead === 0;
}
