// Which build's tests the Testing view shows for the current branch by default. Pure (no vscode).
import type { Build } from '../api/models';
import type { BranchBuild } from './branchState';

export type FinishedBranchBuild = BranchBuild & { readonly build: Build };

/**
 * Which of the branch's latest builds (one per app) the Testing view shows: one that ran to an
 * outcome (a cancelled or unfinished build has no results). With several apps, the one with failed
 * tests comes first, then a failed one, then the most recently finished: the failures are what the
 * user has to fix, and a green app next to a red one must not hide them.
 */
export function latestFinishedBuild(entries: readonly BranchBuild[]): FinishedBranchBuild | undefined {
  const done = entries.filter((e): e is FinishedBranchBuild =>
    Boolean(e.build?.finished && (e.build.status === 'success' || e.build.status === 'failed')),
  );
  const rank = (b: Build) => (hasFailedTests(b) ? 2 : b.status === 'failed' ? 1 : 0);
  const when = (b: Build) => b.finishedAt ?? b.createdAt ?? '';
  const better = (a: Build, b: Build) => rank(a) > rank(b) || (rank(a) === rank(b) && when(a) > when(b));
  return done.reduce<FinishedBranchBuild | undefined>((best, e) => (!best || better(e.build, best.build) ? e : best), undefined);
}

/** True when the build's summary says some test failed (the "Show Failed Tests" offer). */
export function hasFailedTests(build: Pick<Build, 'testSummary'>): boolean {
  const { testsCount, testsPassed } = build.testSummary;
  return testsCount !== undefined && testsPassed !== undefined && testsPassed < testsCount;
}
