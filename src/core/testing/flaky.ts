// Flaky tests of a branch: failed and passed on the same commit, or flipped outcome more than once
// across its last finished builds. One flip is a break or a fix, not flakiness.
import type { Build, TestResult } from '../../api/models';
import { TestIndex, type TestRef } from './baseComparison';

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
  flakyOf(test: TestRef): FlakyTest | undefined;
}

/** `history`: the branch's finished builds that ran tests, newest first. */
export function flakyTests(branch: string, history: readonly BuildFailures[]): FlakyReport {
  const failedIn = new TestIndex<TestResult & { readonly builds: Set<number> }>((entry) => entry);
  history.forEach(({ failed }, index) => {
    for (const test of failed) {
      let entry = failedIn.get(test);
      if (!entry) failedIn.add((entry = { ...test, builds: new Set() }));
      entry.builds.add(index);
    }
  });
  const found: FlakyTest[] = [];
  for (const entry of failedIn.values()) {
    const failed = (index: number) => entry.builds.has(index);
    let flips = 0;
    for (let index = 1; index < history.length; index++) if (failed(index) !== failed(index - 1)) flips++;
    const sameCommit = onOneCommit(history, failed);
    if (flips < 2 && !sameCommit) continue;
    const { builds, ...test } = entry;
    found.push({ test, failures: builds.size, builds: history.length, sameCommit });
  }
  found.sort((a, b) => b.failures - a.failures || a.test.name.localeCompare(b.test.name));
  const index = new TestIndex<FlakyTest>((flaky) => flaky.test);
  for (const flaky of found) index.add(flaky);
  return { branch, builds: history.length, tests: found, flakyOf: (test) => index.get(test) };
}

function onOneCommit(history: readonly BuildFailures[], failed: (index: number) => boolean): boolean {
  const seen = new Map<string, boolean>();
  for (let index = 0; index < history.length; index++) {
    const sha = history[index].build.commit.sha;
    if (!sha) continue;
    const before = seen.get(sha);
    if (before !== undefined && before !== failed(index)) return true;
    seen.set(sha, failed(index));
  }
  return false;
}
