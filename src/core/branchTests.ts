// Which build's tests the Testing view shows for the current branch by default. Pure (no vscode).
import type { Build } from '../api/models';
import type { BranchBuild } from './branchState';

export type FinishedBranchBuild = BranchBuild & { readonly build: Build };

/**
 * The most recently finished build among the branch's latest builds (one per app) that ran to an
 * outcome: a cancelled or unfinished build has no results worth showing.
 */
export function latestFinishedBuild(entries: readonly BranchBuild[]): FinishedBranchBuild | undefined {
  const done = entries.filter((e): e is FinishedBranchBuild => Boolean(e.build?.finished && (e.build.status === 'success' || e.build.status === 'failed')));
  const when = (b: Build) => b.finishedAt ?? b.createdAt ?? '';
  return done.reduce<FinishedBranchBuild | undefined>((best, e) => (!best || when(e.build) > when(best.build) ? e : best), undefined);
}

/** True when the build's summary says some test failed (the "Show Failed Tests" offer). */
export function hasFailedTests(build: Pick<Build, 'testSummary'>): boolean {
  const { testsCount, testsPassed } = build.testSummary;
  return testsCount !== undefined && testsPassed !== undefined && testsPassed < testsCount;
}
