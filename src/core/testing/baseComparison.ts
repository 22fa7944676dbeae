// A build's failed tests against its base branch's latest finished build: new here, also failing there,
// or fixed here. Tests are found by name first, so comparing costs about a Set difference of names.
import type { Build, TestResult } from '../../api/models';
import { outcomeOf } from './testTree';

/** One test as two builds name it: the same device, target, suite and name. */
export type TestRef = Pick<TestResult, 'name' | 'run' | 'target' | 'suite'>;

export type FailureVerdict = 'new' | 'existing';

export interface FailureComparison {
  /** The failed test of this build: 'existing' when it failed on the base build too, else 'new'. */
  verdictOf(test: TestRef): FailureVerdict;
  readonly newCount: number;
  readonly existingCount: number;
  /** Failed on the base, passed here: each test once, in the base's order. */
  readonly fixed: readonly TestResult[];
}

const isFailed = (status: string): boolean => outcomeOf(status) === 'failed';
const isPassed = (status: string): boolean => outcomeOf(status) === 'passed';

export function sameTest(a: TestRef, b: TestRef): boolean {
  return (
    a.name === b.name && (a.suite ?? '') === (b.suite ?? '') && (a.target ?? '') === (b.target ?? '') && (a.run ?? '') === (b.run ?? '')
  );
}

/** Tests by name; the rare name shared by several suites or devices holds a list. */
export class TestIndex<T extends TestRef> {
  private readonly byName = new Map<string, T | T[]>();

  add(test: T): void {
    const found = this.byName.get(test.name);
    if (found === undefined) this.byName.set(test.name, test);
    else if (Array.isArray(found)) found.push(test);
    else this.byName.set(test.name, [found, test]);
  }

  get(test: TestRef): T | undefined {
    const found = this.byName.get(test.name);
    if (found === undefined) return undefined;
    if (!Array.isArray(found)) return sameTest(found, test) ? found : undefined;
    return found.find((candidate) => sameTest(candidate, test));
  }

  *values(): IterableIterator<T> {
    for (const found of this.byName.values()) {
      if (Array.isArray(found)) yield* found;
      else yield found;
    }
  }
}

/**
 * `here`: the results of the build looked at; `passingListed`: whether they list its passing tests. When they
 * do not, a test that failed on the base and is not among this build's failures counts as fixed.
 */
export function compareFailures(here: readonly TestResult[], base: readonly TestResult[], passingListed: boolean): FailureComparison {
  const baseFailed = new TestIndex<TestResult>();
  for (const test of base) if (isFailed(test.status)) baseFailed.add(test);
  const failedHere = new Set<TestResult>();
  const passedHere = new Set<TestResult>();
  let newCount = 0;
  for (const test of here) {
    const onBase = baseFailed.get(test);
    if (isFailed(test.status)) {
      if (onBase) failedHere.add(onBase);
      else newCount++;
    } else if (onBase && isPassed(test.status)) passedHere.add(onBase);
  }
  const fixed: TestResult[] = [];
  for (const test of base) {
    // A test the base named twice is the first one's: listed once.
    if (!isFailed(test.status) || baseFailed.get(test) !== test || failedHere.has(test)) continue;
    if (!passingListed || passedHere.has(test)) fixed.push(test);
  }
  return {
    verdictOf: (test) => (baseFailed.get(test) ? 'existing' : 'new'),
    newCount,
    existingCount: countFailed(here) - newCount,
    fixed,
  };
}

function countFailed(tests: readonly TestResult[]): number {
  let count = 0;
  for (const test of tests) if (isFailed(test.status)) count++;
  return count;
}

/** The base build a build is compared with: the newest finished one that ran tests, never the build itself or a newer one when it is on its base. */
export function baseBuildFor(build: Build, baseBranch: string, candidates: readonly Build[]): Build | undefined {
  const own = build.commit.branch === baseBranch;
  const after = own ? (build.finishedAt ?? build.createdAt ?? '') : undefined;
  return newestFirst(candidates).find(
    (b) =>
      b.id !== build.id &&
      b.commit.branch === baseBranch &&
      finishedWithTests(b) &&
      (after === undefined || (b.finishedAt ?? b.createdAt ?? '') < after || olderNumber(b, build)),
  );
}

function olderNumber(a: Build, b: Build): boolean {
  return a.buildNumber !== undefined && b.buildNumber !== undefined && a.buildNumber < b.buildNumber;
}

export function finishedWithTests(build: Build): boolean {
  return build.finished && (build.status === 'success' || build.status === 'failed') && build.testSummary.testsCount !== undefined;
}

/** Whether the summary already says no test failed, so the failed tests need not be asked for. */
export function noFailures(build: Build): boolean {
  const { testsCount, testsPassed } = build.testSummary;
  return testsCount !== undefined && testsPassed !== undefined && testsPassed >= testsCount;
}

function newestFirst(builds: readonly Build[]): Build[] {
  const when = (b: Build) => b.finishedAt ?? b.createdAt ?? '';
  return [...builds].sort((a, b) => (when(a) === when(b) ? (b.buildNumber ?? 0) - (a.buildNumber ?? 0) : when(a) < when(b) ? 1 : -1));
}
