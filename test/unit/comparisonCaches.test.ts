// What a window keeps of comparisons, failed-test lists, branch lists and flaky reports (issue 42): each in a
// bounded cache, least recently used first, against the reference service over real HTTP; and a comparison
// is kept by build and base branch, so another base compares again.
import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseBuild } from '../../src/api/parsing/parseBuild';
import type { Build } from '../../src/api/models';
import { CACHED_ANSWERS_MIB, CacheBudget, Lru } from '../../src/core/cache/lru';
import { TESTS_MAX } from '../../src/api/parsing/parseResults';
import { verdictText } from '../../src/core/testing/comparisonText';
import { compareFailures, type TestRef } from '../../src/core/testing/baseComparison';
import { CACHE_BOUNDS, type CacheName } from '../../src/core/testing/comparisonBounds';
import { ComparisonStore, type StoreLook } from '../../src/core/testing/comparisonStore';
import type { Build as WireBuild, RunningService } from '../service/server';
import { objectIdFor } from '../service/ids';
import { generateApps } from '../service/seed';
import { COMPARE_REPO } from '../service/seedCatalog';
import { COMPARE } from '../service/seedComparison';
import { failedWireTests } from '../builders';
import { useReferenceService } from './clientFixture';

const LOOKED_AT = 1_000;
const MIB = 1024 * 1024;
/** Base branches of the builds looked at, each with one finished build: more than any cache keeps. */
const BASES = 150;
const APPS = 60;

/** A full collection, for the weak reference below: mocha runs without --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function featureBuild(service: RunningService, branch: string = COMPARE.feature): WireBuild {
  const found = service.data.builds.find((b) => b.repo_url === COMPARE_REPO && b.commit_info.branch === branch);
  assert.ok(found, `a seeded build of ${branch}`);
  return found;
}

/** `count` copies of the feature build (same failed tests) on branches of their own, and one build on each base branch. */
function seed(service: RunningService, count: number): Build[] {
  const template = featureBuild(service);
  const tests = service.data.tests.get(template._id) ?? [];
  const add = (label: string, branch: string, number: number): WireBuild => {
    const build: WireBuild = {
      ...template,
      _id: objectIdFor(label),
      build_number: number,
      commit_info: { ...template.commit_info, branch },
    };
    service.data.builds.push(build);
    service.data.tests.set(build._id, tests);
    return build;
  };
  for (let i = 0; i < BASES; i++) add(`cache-base:${i}`, `base/${i}`, 1_000 + i);
  service.data.apps.push(...generateApps(APPS));
  return Array.from({ length: count }, (_, i) => parseBuild(add(`cache-look:${i}`, `feature/look-${i}`, 2_000 + i)));
}

function storeOf(
  baseOf: (build: Build) => string,
  sent: { n: number },
  budget = new CacheBudget(CACHED_ANSWERS_MIB * MIB),
): ComparisonStore {
  return new ComparisonStore({
    budget,
    baseBranchOf: (_look, build) => Promise.resolve(baseOf(build)),
    flakyBuilds: () => 10,
    request: (signal, request) => {
      sent.n++;
      return request(signal);
    },
    learned: () => undefined,
    log: { warn: (text) => assert.fail(text) },
  });
}

describe('an LRU', () => {
  it('keeps at most its bound, drops the least recently used first, and a read makes an entry recent (peek does not)', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1).set('b', 2);
    assert.equal(lru.get('a'), 1);
    lru.set('c', 3);
    assert.deepEqual([...lru.keys()], ['a', 'c'], 'b, the least recently used, went');
    assert.equal(lru.peek('a'), 1);
    lru.set('d', 4);
    assert.deepEqual([...lru.keys()], ['c', 'd'], 'peek left a the oldest');
    lru.set('c', 5);
    assert.deepEqual([lru.size, lru.get('c')], [2, 5], 'setting a key again replaces it');
    assert.throws(() => new Lru(0), RangeError);
  });
});

describe('the comparison caches', () => {
  const fixture = useReferenceService();

  // Issue 47, finding 3: bounded by count, the failed-tests cache kept 64 lists whatever each held.
  it('lists of 20,000 failed tests are kept by what they weigh: the caches stay under their one ceiling in MiB', async () => {
    const template = featureBuild(fixture.service);
    const tests = failedWireTests(TESTS_MAX);
    const looked: Build[] = [];
    // More lists than the ceiling holds, fewer than the count allowed (64).
    for (let i = 0; i < 24; i++) {
      const build: WireBuild = { ...template, _id: objectIdFor(`weighed:${i}`), build_number: 5_000 + i };
      fixture.service.data.builds.push(build);
      fixture.service.data.tests.set(build._id, tests);
      looked.push(parseBuild(build));
    }
    const budget = new CacheBudget(CACHED_ANSWERS_MIB * MIB);
    const store = storeOf(() => COMPARE.base, { n: 0 }, budget);
    const look: StoreLook = { account: { scoped: (id) => id }, client: fixture.client(), signal: new AbortController().signal };
    let most = 0;
    for (const build of looked) {
      assert.equal((await store.failedTestsOf(look, build)).length, TESTS_MAX);
      await new Promise((resolve) => setImmediate(resolve));
      most = Math.max(most, store.weight());
    }
    assert.ok(most <= CACHED_ANSWERS_MIB * MIB, `${(most / MIB).toFixed(1)} MiB held`);
    // Each list weighs a few MiB: fewer than the 24 looked at (all of which a count of 64 kept) are kept.
    const kept = store.sizes().failedTests;
    assert.ok(kept > 0 && kept <= 16, `${kept} lists of ${TESTS_MAX} tests kept`);
  });

  it('one budget for several caches: the least recently used entry of any of them goes first', () => {
    const budget = new CacheBudget(100);
    const [a, b] = [new Lru<string, string>(10, budget), new Lru<string, string>(10, budget)];
    a.set('a1', 'x', 40);
    b.set('b1', 'y', 40);
    a.get('a1');
    b.set('b2', 'z', 40);
    assert.deepEqual([[...a.keys()], [...b.keys()]], [['a1'], ['b2']], 'b1, the oldest of both, went');
    assert.equal(budget.used, 80);
    const pending = 'answer';
    a.set('a2', pending);
    a.weigh('a2', pending, 70);
    assert.ok(budget.used <= 100, `${budget.used} bytes`);
    assert.deepEqual([...a.keys()], ['a2'], 'weighed when known, the oldest entries went to make room');
    a.set('huge', 'h', 500);
    assert.equal(a.has('huge'), false, 'an entry over the whole ceiling is not kept');
  });

  it(`after ${LOOKED_AT.toLocaleString('en')} builds looked at, each cache holds at most its bound, and a list it dropped is collected`, async () => {
    const builds = seed(fixture.service, LOOKED_AT);
    const client = fixture.client();
    const look: StoreLook = { account: { scoped: (id) => `acct:${id}` }, client, signal: new AbortController().signal };
    const baseOf = new Map(builds.map((b, i) => [b.id, `base/${i % BASES}`]));
    const sent = { n: 0 };
    const store = storeOf((build) => baseOf.get(build.id) ?? '', sent);
    const apps = fixture.service.data.apps.slice(-APPS);
    const most = { comparisons: 0, failedTests: 0, builds: 0, defaults: 0, reports: 0 };
    const firstFailed = new WeakRef(await store.failedTestsOf(look, builds[0]));
    for (const [i, build] of builds.entries()) {
      // What the Testing view, Current Branch and the chat tool do with a failed build of a branch.
      const failed = await store.failedTestsOf(look, build);
      const compared = await store.compare(look, build);
      assert.equal(compared.kind, 'compared', `build ${i} compared`);
      if (compared.kind === 'compared') assert.equal(compareFailures(failed, compared.failed, false).existingFailures.length, 3);
      await store.flaky(look, build.appId ?? '', baseOf.get(build.id) ?? '');
      await store.appDefault(look, apps[i % APPS]._id);
      for (const [name, size] of Object.entries(store.sizes()) as [CacheName, number][]) most[name] = Math.max(most[name], size);
    }
    assert.deepEqual(most, CACHE_BOUNDS, 'each cache filled up to its bound, never past it');
    assert.ok(sent.n >= 3 * LOOKED_AT, `the looks asked the service (${sent.n} requests)`);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    assert.equal(firstFailed.deref(), undefined, "the first build's failed tests, long dropped, are no longer held");
  });

  it('a comparison is kept by build and base branch: another base compares again, and the first is still known', async () => {
    const feature = parseBuild(featureBuild(fixture.service));
    const sent = { n: 0 };
    let base: string = COMPARE.base;
    const store = storeOf(() => base, sent);
    const look: StoreLook = { account: { scoped: (id) => id }, client: fixture.client(), signal: new AbortController().signal };
    const existing = { run: COMPARE.run, target: COMPARE.target, ...COMPARE.existing };
    const fresh = { run: COMPARE.run, target: COMPARE.target, ...COMPARE.fresh };
    const verdict = async (test: TestRef) => {
      const compared = await store.compare(look, feature);
      assert.equal(compared.kind, 'compared');
      if (compared.kind !== 'compared') return '';
      const here = await store.failedTestsOf(look, feature);
      return verdictText(compareFailures(here, compared.failed, false).verdictOf(test), compared.branch, compared.base);
    };
    const mainNumber = COMPARE.firstNumber + COMPARE.mainBuilds - 1;
    assert.equal(await verdict(existing), `also fails on main #${mainNumber}`);
    base = COMPARE.pullRequestInto;
    const before = sent.n;
    assert.equal(await verdict(existing), `also fails on release/2.0 #${COMPARE.releaseNumber}`);
    assert.equal(await verdict(fresh), `new: does not fail on release/2.0 #${COMPARE.releaseNumber}`);
    assert.equal(sent.n - before, 2, "release/2.0's list and its build's failed tests");
    base = COMPARE.base;
    const again = sent.n;
    assert.equal(await verdict(existing), `also fails on main #${mainNumber}`);
    assert.equal(sent.n, again, 'main again: nothing asked');
  });
});
