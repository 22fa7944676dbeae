import type { App, Build } from '../../api/models';
import { rowBuild, type BranchBuild, type BranchState } from '../branch/branchState';

/** A row's finished build as it was read: the results shown are of this build, whatever the row shows later. */
export interface FinishedBranchBuild {
  readonly app: App;
  readonly build: Build;
}

// "The branch's latest finished build", one meaning for the Testing view, the coverage view, Current
// Branch's changed functions, the first-failed search and the chat tools. Of the apps' latest builds of the
// branch, those that succeeded or failed (a cancelled one ran no tests to speak of): failed tests first,
// then a failed build, then the latest finished: a green app must not hide a red one.
export function latestFinishedBuild(entries: readonly BranchBuild[]): FinishedBranchBuild | undefined {
  const done = entries
    .map((e) => ({ app: e.app, build: rowBuild(e) }))
    .filter((e): e is FinishedBranchBuild => Boolean(e.build?.finished && (e.build.status === 'success' || e.build.status === 'failed')));
  const rank = (b: Build) => (hasFailedTests(b) ? 2 : b.status === 'failed' ? 1 : 0);
  const when = (b: Build) => b.finishedAt ?? b.createdAt ?? '';
  const better = (a: Build, b: Build) => rank(a) > rank(b) || (rank(a) === rank(b) && when(a) > when(b));
  return done.reduce<FinishedBranchBuild | undefined>((best, e) => (!best || better(e.build, best.build) ? e : best), undefined);
}

/** The branch's latest finished build (latestFinishedBuild), when the state lists the branch's builds. */
export function branchLatestBuild(state: BranchState): Build | undefined {
  return state.kind === 'builds' ? latestFinishedBuild(state.entries)?.build : undefined;
}

export function hasFailedTests(build: Pick<Build, 'testSummary'>): boolean {
  const { testsCount, testsPassed } = build.testSummary;
  return testsCount !== undefined && testsPassed !== undefined && testsPassed < testsCount;
}

export interface AutoShown {
  /** The build's id with its account's (keyOf): two services may use the same ids. */
  readonly key: string;
  readonly branch: string;
}

export type BranchTestsStep = { kind: 'show'; entry: FinishedBranchBuild } | { kind: 'clear' } | { kind: 'keep' };

// Results shown by itself belong to their branch: they go when the view moves to another branch with no
// finished build (or to a repository no app builds), and stay while a new build of the same branch
// runs or when the user picked another build (`shownKey`). `keyOf` qualifies an id of the state's account.
export function branchTestsStep(
  state: BranchState,
  auto: AutoShown | undefined,
  shownKey: string | undefined,
  keyOf: (buildId: string) => string = (id) => id,
): BranchTestsStep {
  if (state.kind !== 'builds' && state.kind !== 'no-app') return { kind: 'keep' };
  const latest = state.kind === 'builds' ? latestFinishedBuild(state.entries) : undefined;
  if (latest) return keyOf(latest.build.id) === auto?.key ? { kind: 'keep' } : { kind: 'show', entry: latest };
  const ours = auto !== undefined && (shownKey === undefined || shownKey === auto.key);
  return ours && (state.kind === 'no-app' || state.branch !== auto.branch) ? { kind: 'clear' } : { kind: 'keep' };
}
