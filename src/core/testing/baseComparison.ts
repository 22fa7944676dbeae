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
  /** This build's failed tests that pass or are absent on the base, in the order sent. */
  readonly newFailures: readonly TestResult[];
  /** This build's failed tests that failed on the base too. */
  readonly existingFailures: readonly TestResult[];
  /** Failed on the base, passed here: each test once, in the base's order. */
  readonly fixed: readonly TestResult[];
}

const isFailed = (status: string): boolean => status === 'failed' || outcomeOf(status) === 'failed';
const isPassed = (status: string): boolean => outcomeOf(status) === 'passed';

export function sameTest(a: TestRef, b: TestRef): boolean {
  return (
    a.name === b.name && (a.suite ?? '') === (b.suite ?? '') && (a.target ?? '') === (b.target ?? '') && (a.run ?? '') === (b.run ?? '')
  );
}

/** Entries by their test's name; the rare name shared by several suites or devices holds a list. */
export class TestIndex<T> {
  private readonly byName = new Map<string, T | T[]>();

  constructor(private readonly testOf: (entry: T) => TestRef) {}

  /** false when the same test is in already (the first one stays). */
  add(entry: T): boolean {
    const test = this.testOf(entry);
    const found = this.byName.get(test.name);
    if (found === undefined) this.byName.set(test.name, entry);
    else if (Array.isArray(found)) {
      if (found.some((e) => sameTest(this.testOf(e), test))) return false;
      found.push(entry);
    } else if (sameTest(this.testOf(found), test)) return false;
    else this.byName.set(test.name, [found, entry]);
    return true;
  }

  get(test: TestRef): T | undefined {
    const found = this.byName.get(test.name);
    if (found === undefined) return undefined;
    if (!Array.isArray(found)) return sameTest(this.testOf(found), test) ? found : undefined;
    return found.find((entry) => sameTest(this.testOf(entry), test));
  }

  *values(): IterableIterator<T> {
    for (const found of this.byName.values()) {
      if (Array.isArray(found)) yield* found;
      else yield found;
    }
  }
}

const FAILED_HERE = 1;
const PASSED_HERE = 2;
/** Not a failure on the base, or a test it named before: never fixed. */
const SKIPPED = 4;

/**
 * `here`: the results of the build looked at; `passingListed`: whether they list its passing tests. When they
 * do not, a test that failed on the base and is not among this build's failures counts as fixed.
 */
export function compareFailures(here: readonly TestResult[], base: readonly TestResult[], passingListed: boolean): FailureComparison {
  // What became of each base failure here, by its place in `base`: flags, not a second lookup.
  const seen = new Uint8Array(base.length);
  const byName = new Map<string, number | number[]>();
  const placeOf = (found: number | number[], test: TestRef): number | undefined =>
    typeof found === 'number' ? (sameTest(base[found], test) ? found : undefined) : found.find((i) => sameTest(base[i], test));
  for (let i = 0; i < base.length; i++) {
    const test = base[i];
    if (!isFailed(test.status)) {
      seen[i] = SKIPPED;
      continue;
    }
    const found = byName.get(test.name);
    if (found === undefined) byName.set(test.name, i);
    else if (placeOf(found, test) !== undefined) seen[i] = SKIPPED;
    else byName.set(test.name, typeof found === 'number' ? [found, i] : [...found, i]);
  }
  const lookUp = (test: TestRef): number | undefined => {
    const found = byName.get(test.name);
    return found === undefined ? undefined : placeOf(found, test);
  };
  const newFailures: TestResult[] = [];
  const existingFailures: TestResult[] = [];
  for (const test of here) {
    const onBase = lookUp(test);
    if (isFailed(test.status)) {
      if (onBase === undefined) newFailures.push(test);
      else {
        seen[onBase] |= FAILED_HERE;
        existingFailures.push(test);
      }
    } else if (onBase !== undefined && isPassed(test.status)) seen[onBase] |= PASSED_HERE;
  }
  const fixed: TestResult[] = [];
  for (let i = 0; i < base.length; i++) {
    const flags = seen[i];
    if (!(flags & (FAILED_HERE | SKIPPED)) && (!passingListed || flags & PASSED_HERE)) fixed.push(base[i]);
  }
  return { verdictOf: (test) => (lookUp(test) === undefined ? 'new' : 'existing'), newFailures, existingFailures, fixed };
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
