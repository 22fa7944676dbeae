// What a window keeps of comparisons with the base branch and of flaky counts, each kind in a bounded cache
// (core/cache/lru.ts): a finished build never changes, so its failed tests, and its comparison with one base
// branch, are asked once while kept. The vscode side (settings, Git, focus) is services/testing/testComparisons.ts.
import type { BuildServiceClient } from '../../api/client/client';
import { isCancellation } from '../../api/errors';
import type { Build, TestResult } from '../../api/models';
import { cachedAnswers, type CacheBudget, Lru } from '../cache/lru';
import { shareAnswer } from '../cache/shareAnswer';
import { buildsBytes, testsBytes, textBytes } from '../cache/weights';
import { loggedText } from '../text/serviceText';
import { baseBuildFor, finishedWithTests, noFailures } from './baseComparison';
import type { BaseLook } from './comparisonText';
import { FLAKY_BUILDS_MAX, listLimitFor } from './comparisonSettings';
import { FIRST_FAILED_BUILDS } from './firstFailed';
import { flakyReportBytes, flakyTests, type FlakyReport } from './flaky';
import { CACHE_BOUNDS, type CacheName } from './comparisonBounds';

/** What a look needs: whose build (its ids scoped by the account), asked with which client, and the signal that ends it. */
export interface StoreLook {
  readonly account: { scoped(id: string): string };
  readonly client: Pick<BuildServiceClient, 'getTests' | 'listBuilds' | 'listBranches'>;
  readonly signal: AbortSignal;
}

export interface ComparisonStoreDeps<L extends StoreLook> {
  /** The base branch of a build; '' when none can be told. */
  baseBranchOf(look: L, build: Build): Promise<string>;
  /** buildService.flakyTestBuilds, checked. */
  flakyBuilds(): number;
  /** How each request goes (services/testing/requestPlan.ts: after focus, a few at once). */
  request<T>(signal: AbortSignal, request: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** A comparison or a flaky report became known. */
  learned(): void;
  readonly log: { warn(text: string): void };
  /** The ceiling shared with the window's other caches (core/cache/lru.ts); tests give their own. */
  readonly budget?: CacheBudget;
}

/** `L`: the caller's look, handed back to `baseBranchOf` as it came. */
export class ComparisonStore<L extends StoreLook = StoreLook> {
  private readonly caches;

  constructor(private readonly deps: ComparisonStoreDeps<L>) {
    const budget = deps.budget ?? cachedAnswers;
    this.caches = {
      comparisons: new Lru<string, Promise<BaseLook>>(CACHE_BOUNDS.comparisons, budget),
      failedTests: new Lru<string, Promise<readonly TestResult[]>>(CACHE_BOUNDS.failedTests, budget),
      builds: new Lru<string, Promise<readonly Build[]>>(CACHE_BOUNDS.builds, budget),
      defaults: new Lru<string, Promise<string | undefined>>(CACHE_BOUNDS.defaults, budget),
      reports: new Lru<string, Promise<FlakyReport>>(CACHE_BOUNDS.reports, budget),
    };
  }

  /** The bytes held, as weighed (core/cache/weights.ts). */
  weight(): number {
    let sum = 0;
    for (const cache of Object.values(this.caches)) sum += cache.weight;
    return sum;
  }

  /** Entries held of each kind (for tests and the log). */
  sizes(): Record<CacheName, number> {
    const { comparisons, failedTests, builds, defaults, reports } = this.caches;
    return {
      comparisons: comparisons.size,
      failedTests: failedTests.size,
      builds: builds.size,
      defaults: defaults.size,
      reports: reports.size,
    };
  }

  /**
   * The base build of a finished build and its failed tests: at most a list and one test request, once per
   * build and base branch, so a changed buildService.baseBranch compares again.
   */
  async compare(look: L, build: Build): Promise<BaseLook> {
    const branch = await this.deps.baseBranchOf(look, build);
    const key = `${look.account.scoped(build.id)}\n${branch}`;
    const { comparisons } = this.caches;
    const outcome = await shareAnswer(
      comparisons,
      key,
      look.signal,
      async (): Promise<BaseLook> => {
        const outcome = await this.baseLook(look, build, branch);
        this.deps.learned();
        return outcome;
      },
      // The base's failed tests are held by this entry too, should their own entry go first.
      (outcome) => (outcome.kind === 'compared' ? testsBytes(outcome.failed) : 0) + 256,
    );
    // Only a comparison made is kept: a base with no finished build yet, or unreadable tests, may change.
    if (outcome.kind === 'no-base' || outcome.kind === 'unreadable') comparisons.delete(key);
    return outcome;
  }

  private async baseLook(look: L, build: Build, branch: string): Promise<BaseLook> {
    if (!branch || !build.appId) return { kind: 'no-branch' };
    const builds = await this.list(look, build.appId, branch);
    const base = baseBuildFor(build, branch, builds);
    if (!base) return { kind: 'no-base', branch };
    try {
      return { kind: 'compared', branch, base, failed: await this.failedTestsOf(look, base) };
    } catch (error) {
      if (isCancellation(error) || look.signal.aborted) throw error;
      this.deps.log.warn(loggedText(`Base comparison: the tests of build ${base.id} could not be read: ${String(error)}`));
      return { kind: 'unreadable', branch, base };
    }
  }

  /**
   * A build's base branch and base build, from the same kept list the comparison reads; artifact sizes
   * compare with it (views/branch/branchSizes.ts), so "the base" is one thing wherever it is said.
   */
  async baseOf(look: L, build: Build): Promise<{ branch: string; base: Build | undefined }> {
    const branch = await this.deps.baseBranchOf(look, build);
    if (!branch || !build.appId) return { branch, base: undefined };
    return { branch, base: baseBuildFor(build, branch, await this.list(look, build.appId, branch)) };
  }

  /** The flaky tests of a branch over its last N finished builds: one list and at most N test requests, once. */
  flaky(look: L, appId: string, branch: string): Promise<FlakyReport> {
    const builds = this.deps.flakyBuilds();
    const key = `${look.account.scoped(appId)}\n${branch}\n${builds}`;
    const report = shareAnswer(
      this.caches.reports,
      key,
      look.signal,
      async () => {
        const listed = await this.list(look, appId, branch);
        const history = listed.filter((b) => b.commit.branch === branch && finishedWithTests(b)).slice(0, builds);
        const failed = await Promise.all(history.map((build) => this.failedTestsOf(look, build)));
        const report = flakyTests(
          branch,
          history.map((build, index) => ({ build, failed: failed[index] })),
        );
        this.deps.learned();
        return report;
      },
      flakyReportBytes,
    );
    return report;
  }

  /** A finished build's failed tests, asked once. */
  failedTestsOf(look: L, build: Build): Promise<readonly TestResult[]> {
    if (noFailures(build)) return Promise.resolve([]);
    return shareAnswer(
      this.caches.failedTests,
      look.account.scoped(build.id),
      look.signal,
      (signal) => this.deps.request(signal, async (s) => (await look.client.getTests(build.id, { signal: s })).tests),
      testsBytes,
    );
  }

  /** main or master, whichever the app builds (main first); asked once per app. */
  appDefault(look: L, appId: string): Promise<string | undefined> {
    return shareAnswer(
      this.caches.defaults,
      look.account.scoped(appId),
      look.signal,
      (signal) =>
        this.deps.request(signal, async (s) => {
          const names = new Set((await look.client.listBranches(appId, { signal: s })).map((b) => b.name));
          return ['main', 'master'].find((name) => names.has(name));
        }),
      (name) => textBytes(name) + 64,
    );
  }

  /**
   * The branch's newest builds: where the base build is found, the flaky count's history and the first-failed
   * search's, one list for all three; listed again when `holding` is newer than the list kept.
   */
  async branchBuilds(look: L, appId: string, branch: string, holding?: Build): Promise<readonly Build[]> {
    const listed = await this.list(look, appId, branch);
    const newer = holding && !listed.some((b) => b.id === holding.id) && (holding.buildNumber ?? 0) > (listed[0]?.buildNumber ?? 0);
    if (!newer) return listed;
    this.caches.builds.delete(this.listKey(look, appId, branch));
    return this.list(look, appId, branch);
  }

  private listKey(look: L, appId: string, branch: string): string {
    return `${look.account.scoped(appId)}\n${branch}`;
  }

  /** Enough for the most finished builds any feature reads (FLAKY_BUILDS_MAX, FIRST_FAILED_BUILDS): one list a branch. */
  private list(look: L, appId: string, branch: string): Promise<readonly Build[]> {
    const limit = listLimitFor(Math.max(FLAKY_BUILDS_MAX, FIRST_FAILED_BUILDS));
    return shareAnswer(
      this.caches.builds,
      this.listKey(look, appId, branch),
      look.signal,
      (signal) => this.deps.request(signal, (s) => look.client.listBuilds(appId, { branch, limit, signal: s })),
      buildsBytes,
    );
  }
}
