// Flaky tests of a branch: failed and passed on the same commit, or flipped outcome more than once
// across its last finished builds. One flip is a break or a fix, not flakiness.
import type { Build, TestResult } from '../../api/models';
import { listedOf } from '../../api/parsing/parseResults';
import { COMPARED_TESTS_MAX, TestIndex, type TestRef } from './baseComparison';
import { isFailedTest } from './testOutcome';

/** A finished build that ran tests, with its failed tests. */
export interface BuildFailures {
  readonly build: Build;
  readonly failed: readonly TestResult[];
}

export interface FlakyTest {
  readonly test: TestResult;
  /** Failed in this many of the branch's last `builds` builds. */
  readonly failures: number;
  readonly builds: number;
  /** Failed and passed on one commit. */
  readonly sameCommit: boolean;
}

export interface FlakyReport {
  readonly branch: string;
  /** The finished builds with tests that were looked at. */
  readonly builds: number;
  /** Most failures first. */
  readonly tests: readonly FlakyTest[];
  /** Failed tests past the cap, not counted; 0 when all were. */
  readonly leftOut: number;
  flakyOf(test: TestRef): FlakyTest | undefined;
}

/**
 * `history`: the branch's finished builds that ran tests, newest first. Only tests the service marks failed
 * count (testOutcome.ts), at most `limit` of each build's and `limit` tests in all, found by full identity.
 */
export function flakyTests(branch: string, history: readonly BuildFailures[], limit = COMPARED_TESTS_MAX): FlakyReport {
  const failedIn = new TestIndex<{ readonly test: TestResult; readonly builds: number[] }>((entry) => entry.test);
  let leftOut = 0;
  history.forEach(({ failed }, index) => {
    const count = Math.min(failed.length, limit);
    leftOut += listedOf(failed) - count;
    for (let i = 0; i < count; i++) {
      const test = failed[i];
      if (!isFailedTest(test)) continue;
      let entry = failedIn.get(test);
      if (!entry) {
        if (failedIn.size >= limit) {
          leftOut++;
          continue;
        }
        failedIn.add((entry = { test, builds: [] }));
      }
      // Indices come in order: a test listed twice in one build counts once.
      if (entry.builds[entry.builds.length - 1] !== index) entry.builds.push(index);
    }
  });
  const found: FlakyTest[] = [];
  const sameCommitBefore = earlierOnSameCommit(history);
  // One buffer for every test: 1 where it failed, by build.
  const failedAt = new Uint8Array(history.length);
  for (const { test, builds } of failedIn.values()) {
    failedAt.fill(0);
    for (const index of builds) failedAt[index] = 1;
    let flips = 0;
    let sameCommit = false;
    for (let index = 1; index < history.length; index++) {
      if (failedAt[index] !== failedAt[index - 1]) flips++;
      const before = sameCommitBefore[index];
      if (before >= 0 && failedAt[before] !== failedAt[index]) sameCommit = true;
    }
    if (flips < 2 && !sameCommit) continue;
    found.push({ test, failures: builds.length, builds: history.length, sameCommit });
  }
  found.sort((a, b) => b.failures - a.failures || byName(a.test.name, b.test.name));
  const index = new TestIndex<FlakyTest>((flaky) => flaky.test);
  for (const flaky of found) index.add(flaky);
  return { branch, builds: history.length, tests: found, leftOut, flakyOf: (test) => index.get(test) };
}

const collator = new Intl.Collator();
/** Equal names are common (the same test on several devices): they need no collation. */
const byName = (a: string, b: string): number => (a === b ? 0 : collator.compare(a, b));

/** For each build, the latest earlier one (newer in the list) of the same commit, else -1: a rebuild that failed and passed. */
function earlierOnSameCommit(history: readonly BuildFailures[]): Int32Array {
  const before = new Int32Array(history.length).fill(-1);
  const last = new Map<string, number>();
  history.forEach(({ build }, index) => {
    const sha = build.commit.sha;
    if (!sha) return;
    before[index] = last.get(sha) ?? -1;
    last.set(sha, index);
  });
  return before;
}

/** A flaky report holds its flaky tests (each a test of a kept list) and an index of them. */
export function flakyReportBytes(report: FlakyReport): number {
  return 256 + report.tests.length * 192;
}
