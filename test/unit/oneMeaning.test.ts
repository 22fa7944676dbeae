// One meaning per word (issue 47, findings 9 and 10): "the branch's latest finished build" and "the base
// branch" are one function each in core/, which every feature asks; one list of the base's builds serves
// the comparison and the first-failed search; no figure is said for nothing.
import * as assert from 'node:assert/strict';
import type { App, Build } from '../../src/api/models';
import { parseBuild } from '../../src/api/parsing/parseBuild';
import { baseBranchOf } from '../../src/core/branch/baseBranch';
import type { BranchState } from '../../src/core/branch/branchState';
import { CacheBudget } from '../../src/core/cache/lru';
import { changedFunctionsNote, changedFunctionsText } from '../../src/core/coverage/changedFunctions';
import { branchLatestBuild, branchTestsStep } from '../../src/core/testing/branchTests';
import { ComparisonStore, type StoreLook } from '../../src/core/testing/comparisonStore';
import { FIRST_FAILED_BUILDS, historyFrom } from '../../src/core/testing/firstFailed';
import { COMPARE_REPO } from '../service/seedCatalog';
import { COMPARE } from '../service/seedComparison';
import { useReferenceService } from './clientFixture';

const app = (id: string): App => ({ id, name: `App ${id}`, platform: 'ios' });

function build(id: string, over: Partial<Build>): Build {
  return {
    id,
    status: 'success',
    rawStatus: 'success',
    finished: true,
    commit: { branch: 'feature/x', tags: [] },
    testSummary: {},
    links: { download: [], install: [] },
    ...over,
  };
}

describe("the branch's latest finished build: one definition", () => {
  it('with two apps whose picks differed, every feature takes the same build (not the first app with any finished build)', () => {
    // App A's newest build was cancelled (finished, no tests to speak of); app B's failed with failed tests.
    const cancelled = build('a1', { status: 'cancelled', rawStatus: 'cancelled', finishedAt: '2026-01-02T10:00:00Z' });
    const failed = build('b1', {
      status: 'failed',
      rawStatus: 'failed',
      finishedAt: '2026-01-01T10:00:00Z',
      testSummary: { testsCount: 10, testsPassed: 7 },
    });
    const state: BranchState = {
      kind: 'builds',
      branch: 'feature/x',
      pinned: false,
      entries: [
        { app: app('A'), held: { build: cancelled } },
        { app: app('B'), held: { build: failed } },
      ],
    };
    const step = branchTestsStep(state, undefined, undefined);
    assert.equal(step.kind, 'show');
    // The Testing and coverage views show this build; changed functions and Current Branch's line read it too.
    assert.equal(step.kind === 'show' ? step.entry.build.id : '', 'b1');
    assert.equal(branchLatestBuild(state)?.id, 'b1', 'not the cancelled build of the first app');
    assert.equal(branchLatestBuild({ kind: 'loading', branch: 'feature/x' }), undefined);
  });
});

describe('the base branch: one definition', () => {
  const never = () => Promise.reject(new Error('asked though a source before it answered'));

  it("the pull request's destination, then the setting, then origin/HEAD, then main or master; each asked only when needed", async () => {
    assert.equal(
      await baseBranchOf({ destination: 'release/2.0', setting: 'develop', originHead: never, appDefault: never }),
      'release/2.0',
    );
    assert.equal(await baseBranchOf({ setting: 'develop', originHead: never, appDefault: never }), 'develop');
    assert.equal(await baseBranchOf({ setting: '', originHead: () => Promise.resolve('trunk'), appDefault: never }), 'trunk');
    const none = () => Promise.resolve(undefined);
    assert.equal(await baseBranchOf({ setting: '', originHead: none, appDefault: () => Promise.resolve('master') }), 'master');
    assert.equal(await baseBranchOf({ setting: '', originHead: none, appDefault: none }), '');
  });
});

describe('no figure for nothing', () => {
  it('no changed function: "no changed functions", and nothing beside the build in Current Branch', () => {
    assert.equal(changedFunctionsText(0, 0), 'no changed functions');
    assert.equal(changedFunctionsNote(0, 0), undefined);
    assert.equal(changedFunctionsNote(1, 3), 'changed functions run by tests: 1 of 3');
  });
});

describe("one list of the base's builds", () => {
  const fixture = useReferenceService();

  it("a failed build's comparison and the first-failed search along its base read one list of the base's builds", async () => {
    const wire = fixture.service.data.builds.find((b) => b.repo_url === COMPARE_REPO && b.commit_info.branch === COMPARE.feature);
    assert.ok(wire);
    const feature = parseBuild(wire);
    const store = new ComparisonStore({
      budget: new CacheBudget(64 * 1024 * 1024),
      baseBranchOf: () => Promise.resolve(COMPARE.base),
      flakyBuilds: () => 10,
      request: (signal, request) => request(signal),
      learned: () => undefined,
      log: { warn: (text) => assert.fail(text) },
    });
    const look: StoreLook = { account: { scoped: (id) => id }, client: fixture.client(), signal: new AbortController().signal };
    const before = fixture.service.requestsTo('GET /apps/:app_id/builds').length;
    const compared = await store.compare(look, feature);
    assert.equal(compared.kind, 'compared');
    if (compared.kind !== 'compared') return;
    // What the first-failed search lists along the base, from the base build back.
    const listed = await store.branchBuilds(look, compared.base.appId ?? '', compared.branch, compared.base);
    assert.ok(historyFrom(compared.base, listed).length > 1, 'the search has builds to read');
    const asked = fixture.service.requestsTo('GET /apps/:app_id/builds').slice(before);
    assert.equal(asked.length, 1, `one list, not one for each: ${asked.map((r) => r.rawUrl).join(', ')}`);
    assert.equal(asked[0]?.query.limit, String(FIRST_FAILED_BUILDS + 10), 'long enough for the search');
  });
});
