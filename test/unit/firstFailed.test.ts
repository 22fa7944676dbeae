// Where a failed test began to fail along its branch: a binary search over the branch's older finished
// builds, shared by every failed test of the build, within ⌈log₂ n⌉ + 1 reads; against the reference
// service's trunk (test/service/seedFirstFailed.ts) through the real client, requests counted there.
import * as assert from 'node:assert/strict';
import type { Build, TestResult } from '../../src/api/models';
import { findFirstFailed, historyFrom, probeBudget, type FirstFailed } from '../../src/core/testing/firstFailed';
import { firstFailedText } from '../../src/core/testing/firstFailedText';
import { addFirstFailedBuilds, CULPRIT } from '../service/seedFirstFailed';
import { aBuild, type BuildFields } from '../builders';
import { useReferenceService } from './clientFixture';

const ref = (name: string) => ({ name, suite: 'S', target: 'T', run: 'R' });
const failed = (name: string): TestResult => ({ ...ref(name), status: 'failed' });

const build = (number: number, fields: BuildFields = {}): Build =>
  aBuild({
    id: `b${number}`,
    status: 'failed',
    buildNumber: number,
    branch: 'main',
    finishedAt: new Date(Date.UTC(2026, 0, 1, number)).toISOString(),
    testSummary: { testsCount: 10, testsPassed: 9 },
    ...fields,
  });

/** n builds of main, newest first (#n down to #1); `failsFrom[name]` is the first number where that test fails. */
function branch(n: number, failsFrom: Record<string, number>) {
  const builds = Array.from({ length: n }, (_, i) => build(n - i));
  const reads: number[] = [];
  const failedOf = (b: Build) => {
    reads.push(b.buildNumber ?? 0);
    return Promise.resolve(
      Object.entries(failsFrom)
        .filter(([, from]) => (b.buildNumber ?? 0) >= from)
        .map(([name]) => failed(name)),
    );
  };
  return { builds, reads, failedOf };
}

const numbers = (found: FirstFailed | undefined) =>
  found && ('failed' in found ? [found.kind, found.failed.buildNumber, 'passed' in found ? found.passed.buildNumber : undefined] : []);

describe('first failed in', () => {
  it('finds, for every start among 50 builds, the build where a test began to fail and the one before it, in at most 7 reads', async () => {
    assert.equal(probeBudget(50), 7);
    for (let from = 2; from <= 50; from++) {
      const { builds, reads, failedOf } = branch(50, { a: from });
      const report = await findFirstFailed([ref('a')], builds, failedOf);
      assert.deepEqual(numbers(report.firstFailedOf(ref('a'))), ['found', from, from - 1], `from #${from}`);
      assert.ok(reads.length <= 7, `from #${from}: ${reads.length} reads`);
      assert.equal(new Set(reads).size, reads.length, 'no build read twice');
      assert.ok(!reads.includes(50), 'the build looked at is never read: its failures are known');
    }
  });

  it('a test failing in every build says so after one read of the oldest; tests that broke together share their reads', async () => {
    const { builds, reads, failedOf } = branch(50, { always: 0, a: 30, b: 30 });
    const report = await findFirstFailed([ref('always'), ref('a'), ref('b')], builds, failedOf);
    assert.deepEqual(report.firstFailedOf(ref('always')), { kind: 'every', oldest: builds[49], builds: 50 });
    assert.deepEqual(numbers(report.firstFailedOf(ref('b'))), ['found', 30, 29]);
    assert.ok(reads.length <= 7, `${reads.length} reads`);
    assert.equal(firstFailedText(report.firstFailedOf(ref('a'))!, 'main'), 'first failed in main #30 (passed in #29)');
    assert.equal(firstFailedText(report.firstFailedOf(ref('always'))!, 'main'), 'failed in every build of main looked at (50, back to #1)');
  });

  it('when the tests broke in different builds, the reads stop at the budget and the rest say how far they got', async () => {
    const { builds, reads, failedOf } = branch(50, { a: 10, b: 40, c: 45 });
    const report = await findFirstFailed([ref('a'), ref('b'), ref('c')], builds, failedOf);
    assert.equal(reads.length, 7);
    assert.deepEqual(numbers(report.firstFailedOf(ref('a'))), ['found', 10, 9]);
    const c = report.firstFailedOf(ref('c'));
    assert.ok(c && (c.kind === 'between' || c.kind === 'found'), JSON.stringify(c?.kind));
    if (c.kind === 'between') {
      assert.ok(c.failed.buildNumber! >= 45 && c.passed.buildNumber! < 45, `${c.passed.buildNumber}..${c.failed.buildNumber}`);
      assert.match(firstFailedText(c, 'main'), /^first failed between main #\d+ \(passed\) and #\d+$/);
    }
  });

  it('a build whose summary says nothing failed is not read, and costs nothing', async () => {
    const builds = [build(3), build(2, { testSummary: { testsCount: 4, testsPassed: 4 } }), build(1)];
    let reads = 0;
    const report = await findFirstFailed([ref('a')], builds, (b) => {
      reads++;
      return Promise.resolve(b.buildNumber === 3 ? [failed('a')] : []);
    });
    assert.deepEqual(numbers(report.firstFailedOf(ref('a'))), ['found', 3, 2]);
    assert.equal(reads, 1, 'only the oldest was read');
  });

  it("the history is the branch's finished builds with tests from the build looked at back, at most 50", () => {
    const listed = [build(9), build(8, { finished: false, status: 'running' }), build(7), build(6, { branch: 'x' })];
    listed.push(...Array.from({ length: 60 }, (_, i) => build(5 - i)));
    const history = historyFrom(listed[2], listed);
    assert.equal(history[0].id, 'b7');
    assert.ok(history.every((b) => b.commit.branch === 'main' && b.finished));
    assert.equal(history.length, 50);
    assert.deepEqual(
      historyFrom(build(10), listed.slice(0, 4)).map((b) => b.id),
      ['b10', 'b9', 'b7'],
      'a build newer than the list: the older ones',
    );
  });

  describe("the reference service's trunk, through the real client", () => {
    const fixture = useReferenceService();

    it('#150: testMergeTiles() first failed in trunk #138 (passed in #137); testTokenRefresh() in every build; at most 7 test requests', async () => {
      const added = addFirstFailedBuilds(fixture.service.data);
      const client = fixture.client();
      const appId = added[0].app_id;
      const listed = await client.listBuilds(appId, { branch: CULPRIT.branch, limit: 60 });
      const history = historyFrom(listed[0], listed);
      assert.equal(history.length, 50);
      assert.equal(history[0].buildNumber, 150);
      fixture.service.clearRequests();
      const report = await findFirstFailed(
        [CULPRIT.broken, CULPRIT.always].map((t) => ({ ...t, run: CULPRIT.run, target: CULPRIT.target })),
        history,
        async (b) => (await client.getTests(b.id)).tests,
      );
      const broken = report.firstFailedOf({ ...CULPRIT.broken, run: CULPRIT.run, target: CULPRIT.target });
      assert.ok(broken);
      assert.equal(firstFailedText(broken, CULPRIT.branch), 'first failed in trunk #138 (passed in #137)');
      const always = report.firstFailedOf({ ...CULPRIT.always, run: CULPRIT.run, target: CULPRIT.target });
      assert.ok(always);
      assert.equal(firstFailedText(always, CULPRIT.branch), 'failed in every build of trunk looked at (50, back to #101)');
      const sent = fixture.service.requestsTo('GET /builds/:build_id/tests').length;
      assert.ok(sent <= 7, `${sent} test requests`);
      assert.equal(fixture.service.requests.length, sent, 'nothing but test lists');
    });
  });
});
