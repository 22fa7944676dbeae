// A build's failed tests against its base branch's latest finished build: new here, also failing there,
// or fixed here. Tests are found by their full identity (TestIndex), so comparing costs about a Set difference,
// however many tests share a name; at most COMPARED_TESTS_MAX of each build's tests are compared.
import type { Build, TestResult } from '../../api/models';
import { listedOf, TESTS_MAX } from '../../api/parsing/parseResults';
import { isFailedTest, isPassedTest } from './testOutcome';

/** One test as two builds name it: the same device, target, suite and name. */
export type TestRef = Pick<TestResult, 'name' | 'run' | 'target' | 'suite'>;

/** 'unknown': not found among the base's tests compared, and the base had more than were compared. */
export type FailureVerdict = 'new' | 'existing' | 'unknown';

/**
 * Of each build's tests, the first this many (in the order sent) are compared: the client's cap on every
 * answer's tests (api/parsing/parseResults.ts TESTS_MAX), and the view and the chat answer say how many were left out.
 */
export const COMPARED_TESTS_MAX = TESTS_MAX;

export interface FailureComparison {
  /** A failed test of this build: 'existing' when it failed on the base build too, else 'new' (or 'unknown', see above). */
  verdictOf(test: TestRef): FailureVerdict;
  /** This build's failed tests that pass or are absent on the base, in the order sent. */
  readonly newFailures: readonly TestResult[];
  /** This build's failed tests that failed on the base too. */
  readonly existingFailures: readonly TestResult[];
  /** Failed on the base, passed here: each test once, in the base's order. */
  readonly fixed: readonly TestResult[];
  /** Tests of either build past the cap, not compared; 0 when all were. */
  readonly leftOut: number;
  /** The cap the comparison used. */
  readonly limit: number;
}

function sameTest(a: TestRef, b: TestRef): boolean {
  return (
    a.name === b.name && (a.suite ?? '') === (b.suite ?? '') && (a.target ?? '') === (b.target ?? '') && (a.run ?? '') === (b.run ?? '')
  );
}

/** The tests of one name by device, target and suite: Maps keyed by the service's own strings, no key built per test. */
type Places<T> = Map<string, Map<string, Map<string, T>>>;

/**
 * Entries by their test's full identity. By name first, as most names are the test's own; a name several
 * tests share (one test on many devices or in many suites) holds its tests by device, target and suite,
 * never a list to search.
 */
export class TestIndex<T> {
  /** The names held by one test: most of them, so no wrapper and one lookup. */
  private readonly byName = new Map<string, T>();
  private readonly shared = new Map<string, Places<T>>();
  private count = 0;

  constructor(private readonly testOf: (entry: T) => TestRef) {}

  get size(): number {
    return this.count;
  }

  /** false when the same test is in already (the first one stays). */
  add(entry: T): boolean {
    const test = this.testOf(entry);
    let places = this.shared.get(test.name);
    if (!places) {
      const only = this.byName.get(test.name);
      if (only === undefined) {
        this.byName.set(test.name, entry);
        this.count++;
        return true;
      }
      const first = this.testOf(only);
      if (sameTest(first, test)) return false;
      this.byName.delete(test.name);
      this.shared.set(test.name, (places = new Map() as Places<T>));
      suitesOf(places, first).set(first.suite ?? '', only);
    }
    const suites = suitesOf(places, test);
    if (suites.has(test.suite ?? '')) return false;
    suites.set(test.suite ?? '', entry);
    this.count++;
    return true;
  }

  get(test: TestRef): T | undefined {
    const only = this.byName.get(test.name);
    if (only !== undefined) return sameTest(this.testOf(only), test) ? only : undefined;
    if (this.shared.size === 0) return undefined;
    return this.shared
      .get(test.name)
      ?.get(test.run ?? '')
      ?.get(test.target ?? '')
      ?.get(test.suite ?? '');
  }

  *values(): IterableIterator<T> {
    yield* this.byName.values();
    for (const places of this.shared.values())
      for (const targets of places.values()) for (const suites of targets.values()) yield* suites.values();
  }
}

function suitesOf<T>(places: Places<T>, test: TestRef): Map<string, T> {
  const [run, target] = [test.run ?? '', test.target ?? ''];
  let targets = places.get(run);
  if (!targets) places.set(run, (targets = new Map<string, Map<string, T>>()));
  let suites = targets.get(target);
  if (!suites) targets.set(target, (suites = new Map<string, T>()));
  return suites;
}

const FAILED_HERE = 1;
const PASSED_HERE = 2;
/** Not a failure on the base, or a test it named before: never fixed. */
const SKIPPED = 4;

/**
 * `here`: the results of the build looked at; `passingListed`: whether they list its passing tests. When they
 * do not, a test that failed on the base and is not among this build's failures counts as fixed. `limit`:
 * how many of each build's tests are compared (tests pass a small one).
 */
export function compareFailures(
  here: readonly TestResult[],
  base: readonly TestResult[],
  passingListed: boolean,
  limit = COMPARED_TESTS_MAX,
): FailureComparison {
  // An answer the client cut at TESTS_MAX counts what it held: those past the cut were left out too.
  const [baseListed, hereListed] = [listedOf(base), listedOf(here)];
  const baseCount = Math.min(base.length, limit);
  const hereCount = Math.min(here.length, limit);
  // What became of each base failure here, by its place in `base`: flags, not a second lookup.
  const seen = new Uint8Array(baseCount);
  const places = new TestIndex<number>((i) => base[i]);
  for (let i = 0; i < baseCount; i++) if (!isFailedTest(base[i]) || !places.add(i)) seen[i] = SKIPPED;
  const newFailures: TestResult[] = [];
  const existingFailures: TestResult[] = [];
  for (let i = 0; i < hereCount; i++) {
    const test = here[i];
    const onBase = places.get(test);
    if (isFailedTest(test)) {
      if (onBase === undefined) newFailures.push(test);
      else {
        seen[onBase] |= FAILED_HERE;
        existingFailures.push(test);
      }
    } else if (onBase !== undefined && isPassedTest(test)) seen[onBase] |= PASSED_HERE;
  }
  // Absent from a list of failures means passed only when the whole list was read.
  const absentIsFixed = !passingListed && hereListed === hereCount;
  const fixed: TestResult[] = [];
  for (let i = 0; i < baseCount; i++) {
    const flags = seen[i];
    if (!(flags & (FAILED_HERE | SKIPPED)) && (flags & PASSED_HERE || absentIsFixed)) fixed.push(base[i]);
  }
  const baseCut = baseListed > baseCount;
  return {
    verdictOf: (test) => (places.get(test) !== undefined ? 'existing' : baseCut ? 'unknown' : 'new'),
    newFailures,
    existingFailures,
    fixed,
    leftOut: baseListed - baseCount + (hereListed - hereCount),
    limit,
  };
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
