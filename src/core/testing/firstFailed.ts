// "First failed in main #38 (passed in #37)": for the failed tests of one build, where along its branch's
// older finished builds each began to fail, by a binary search that reads as few builds' failed tests as
// it can. Every test's search shares the lists read, so tests that broke together cost one search.
import type { Build, TestResult } from '../../api/models';
import { COMPARED_TESTS_MAX, finishedWithTests, noFailures, TestIndex, type TestRef } from './baseComparison';
import { outcomeOf } from './testOutcome';

/** How many of a branch's finished builds are searched. */
export const FIRST_FAILED_BUILDS = 50;

/** Reads a search of n builds may make: the oldest, then a binary search of the rest. */
export function probeBudget(builds: number): number {
  return builds <= 1 ? 0 : Math.ceil(Math.log2(builds)) + 1;
}

/** Where a test began to fail, among the builds looked at. */
export type FirstFailed =
  /** It failed in `failed` and not in `passed`, the build just before it. */
  | { readonly kind: 'found'; readonly failed: Build; readonly passed: Build }
  /** It failed in every build looked at, `oldest` the last of them. */
  | { readonly kind: 'every'; readonly oldest: Build; readonly builds: number }
  /** The budget ran out: failed in `failed`, not in `passed`, builds between them not read. */
  | { readonly kind: 'between'; readonly failed: Build; readonly passed: Build }
  /** The budget ran out: failed back to `failed`; older builds not read. */
  | { readonly kind: 'since'; readonly failed: Build };

export interface FirstFailedReport {
  readonly branch: string;
  /** The builds searched, newest first; the first is where the tests were seen failing. */
  readonly builds: readonly Build[];
  firstFailedOf(test: TestRef): FirstFailed | undefined;
}

const failedStatus = (status: string) => outcomeOf(status) === 'failed';

/**
 * The branch's finished builds with tests from `start` back, newest first, at most `max`: `start` itself
 * first, then the older ones the list names (by its order, which is newest first).
 */
export function historyFrom(start: Build, listed: readonly Build[], max = FIRST_FAILED_BUILDS): Build[] {
  const branch = start.commit.branch;
  const at = listed.findIndex((b) => b.id === start.id);
  const when = (b: Build) => b.finishedAt ?? b.createdAt ?? '';
  const older =
    at >= 0 ? listed.slice(at + 1) : listed.filter((b) => when(b) < when(start) || (b.buildNumber ?? 0) < (start.buildNumber ?? 0));
  const seen = new Set([start.id]);
  const history = [start];
  for (const b of older) {
    if (history.length >= max) break;
    if (seen.has(b.id) || b.commit.branch !== branch || !finishedWithTests(b)) continue;
    seen.add(b.id);
    history.push(b);
  }
  return history;
}

/**
 * Searches `builds` (newest first; each test given failed in `builds[0]`) for where each of `tests` began
 * to fail. `failedOf` reads a build's failed tests (one request, or none when the caller knows them);
 * each build is read at most once, and at most `budget` builds whose summary does not say "none failed".
 */
export async function findFirstFailed(
  tests: readonly TestRef[],
  builds: readonly Build[],
  failedOf: (build: Build) => Promise<readonly TestResult[]>,
  budget = probeBudget(builds.length),
): Promise<FirstFailedReport> {
  const read = new Map<number, TestIndex<TestResult> | Promise<TestIndex<TestResult>>>();
  let spent = 0;
  const failsIn = async (index: number, test: TestRef): Promise<boolean | undefined> => {
    let found = read.get(index);
    if (!found) {
      const free = noFailures(builds[index]);
      if (!free && spent >= budget) return undefined;
      if (!free) spent++;
      found = (free ? Promise.resolve([]) : failedOf(builds[index])).then((results) => {
        const failed = new TestIndex<TestResult>((t) => t);
        const count = Math.min(results.length, COMPARED_TESTS_MAX);
        for (let i = 0; i < count; i++) if (failedStatus(results[i].status)) failed.add(results[i]);
        return failed;
      });
      read.set(index, found);
    }
    return (await found).get(test) !== undefined;
  };
  const answers = new TestIndex<{ test: TestRef; answer: FirstFailed }>((e) => e.test);
  // One test at a time: a test that broke with an earlier one walks the same midpoints, already read.
  // At most COMPARED_TESTS_MAX of them, as every list of tests is cut (api/parsing/parseResults.ts TESTS_MAX).
  for (const test of tests.length > COMPARED_TESTS_MAX ? tests.slice(0, COMPARED_TESTS_MAX) : tests) {
    if (answers.get(test) || builds.length === 0) continue;
    // builds[lo] failed; builds[hi] did not (hi = length: none known to). The oldest is read first: a
    // test failing there too failed in every build, and the tests failing in all cost one read.
    let lo = 0;
    let hi = builds.length;
    let short = false;
    const last = builds.length - 1;
    if (last > 0) {
      const fails = await failsIn(last, test);
      if (fails === undefined) short = true;
      else if (fails) lo = last;
      else hi = last;
    }
    while (!short && hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      const fails = await failsIn(mid, test);
      if (fails === undefined) {
        short = true;
        break;
      }
      if (fails) lo = mid;
      else hi = mid;
    }
    answers.add({ test, answer: answerOf(builds, lo, hi, short) });
  }
  return { branch: builds[0]?.commit.branch ?? '', builds, firstFailedOf: (test) => answers.get(test)?.answer };
}

function answerOf(builds: readonly Build[], lo: number, hi: number, short: boolean): FirstFailed {
  if (hi === builds.length)
    return short ? { kind: 'since', failed: builds[lo] } : { kind: 'every', oldest: builds[lo], builds: builds.length };
  return { kind: short ? 'between' : 'found', failed: builds[lo], passed: builds[hi] };
}
