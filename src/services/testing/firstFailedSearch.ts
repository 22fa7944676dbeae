import type { Build, TestResult } from '../../api';
import { cachedAnswers, Lru } from '../../core/cache/lru';
import { COMPARED_TESTS_MAX, noFailures, TestIndex, type TestRef } from '../../core/testing/baseComparison';
import type { BaseLook } from '../../core/testing/comparisonText';
import { findFirstFailed, historyFrom, type FirstFailed } from '../../core/testing/firstFailed';
import type { Look, TestComparisons } from './testComparisons';

/** Searches kept: the oldest go first. */
const MAX_KEPT = 100;

/** Where one failed test began to fail, and along which branch. */
export interface TestFirstFailed {
  readonly branch: string;
  readonly found: FirstFailed;
}

export type FirstFailedOf = (test: TestRef) => TestFirstFailed | undefined;

// Where each failed test of a build began to fail: along the base branch from the base build for the
// failures the base has too, along the build's own branch from the build for the rest. One list of each
// branch, then at most ⌈log₂ 50⌉ + 1 test requests each (through the comparison's plan and its cache of
// failed tests), once per build: a finished build's older builds never change.
export class FirstFailedSearch {
  private readonly searches = new Lru<string, Promise<FirstFailedOf>>(MAX_KEPT, cachedAnswers);
  /** For tests and the log: test requests the searches asked for. */
  sent = 0;

  constructor(private readonly comparisons: TestComparisons) {}

  /** `failed`: the build's failed tests; `base`: its comparison, when there is one. */
  forBuild(look: Look, build: Build, failed: readonly TestResult[], base: BaseLook | undefined): Promise<FirstFailedOf> {
    // By base too: another base branch (a setting changed) searches along it, not the old one.
    const onBase = base?.kind === 'compared' ? `${base.branch}\n${base.base.id}` : '';
    const key = `${look.account.scoped(build.id)}\n${onBase}`;
    let search = this.searches.get(key);
    if (!search) {
      search = this.search(look, build, failed, base);
      // An answer per test searched, each holding its test and the builds it names.
      const searched = Math.min(failed.length, COMPARED_TESTS_MAX);
      this.keep(this.searches, key, search, () => 256 + searched * 160);
    }
    return search;
  }

  private async search(look: Look, build: Build, failed: readonly TestResult[], base: BaseLook | undefined): Promise<FirstFailedOf> {
    const onBase = base?.kind === 'compared' && base.branch !== build.commit.branch ? base : undefined;
    const onBaseToo = new TestIndex<TestRef>((t) => t);
    for (const t of onBase?.failed ?? []) onBaseToo.add(t);
    const existing = failed.filter((t) => onBaseToo.get(t));
    const own = failed.filter((t) => !onBaseToo.get(t));
    const [there, here] = await Promise.all([
      onBase && existing.length > 0 ? this.along(look, onBase.base, existing) : undefined,
      own.length > 0 ? this.along(look, build, own) : undefined,
    ]);
    return (test) => there?.(test) ?? here?.(test);
  }

  /** The search along `start`'s branch, from `start` back; none when `start` is its branch's only build: it says nothing the comparison did not. */
  private async along(look: Look, start: Build, tests: readonly TestRef[]): Promise<FirstFailedOf | undefined> {
    const branch = start.commit.branch;
    if (!branch || !start.appId) return undefined;
    const history = historyFrom(start, await this.list(look, start));
    if (history.length < 2) return undefined;
    const report = await findFirstFailed(tests, history, (b) => {
      if (!noFailures(b)) this.sent++;
      return this.comparisons.failedTestsOf(look, b);
    });
    return (test) => {
      const found = report.firstFailedOf(test);
      return found && { branch, found };
    };
  }

  /** The branch's newest builds: the comparison's own list (one request serves both), listed again when `start` is newer. */
  private list(look: Look, start: Build): Promise<readonly Build[]> {
    return this.comparisons.store.branchBuilds(look, start.appId ?? '', start.commit.branch ?? '', start);
  }

  /** Bounded, weighed once known, and a failure forgotten so the next look asks again. */
  private keep<T>(cache: Lru<string, Promise<T>>, key: string, value: Promise<T>, weigh: (value: T) => number): void {
    cache.set(key, value);
    value.then(
      (known) => cache.weigh(key, value, weigh(known)),
      () => {
        if (cache.peek(key) === value) cache.delete(key);
      },
    );
  }
}
