import type { Build } from '../api/models';
import type { BranchBuild } from './branchState';

export type FinishedBranchBuild = BranchBuild & { readonly build: Build };

// Failed tests first, then a failed build, then the latest finished: a green app must not hide a red one.
export function latestFinishedBuild(entries: readonly BranchBuild[]): FinishedBranchBuild | undefined {
  const done = entries.filter((e): e is FinishedBranchBuild =>
    Boolean(e.build?.finished && (e.build.status === 'success' || e.build.status === 'failed')),
  );
  const rank = (b: Build) => (hasFailedTests(b) ? 2 : b.status === 'failed' ? 1 : 0);
  const when = (b: Build) => b.finishedAt ?? b.createdAt ?? '';
  const better = (a: Build, b: Build) => rank(a) > rank(b) || (rank(a) === rank(b) && when(a) > when(b));
  return done.reduce<FinishedBranchBuild | undefined>((best, e) => (!best || better(e.build, best.build) ? e : best), undefined);
}

export function hasFailedTests(build: Pick<Build, 'testSummary'>): boolean {
  const { testsCount, testsPassed } = build.testSummary;
  return testsCount !== undefined && testsPassed !== undefined && testsPassed < testsCount;
}
