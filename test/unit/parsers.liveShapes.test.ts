// Every shape of ../shared/API.md section 2b (what real answers of the live service looked like) is
// read, first as the literal documents, then as the reference service serves them for its
// live-shapes app.
import * as assert from 'node:assert/strict';
import { parseApps } from '../../src/api/parsing/parseApps';
import { parseBuild } from '../../src/api/parsing/parseBuild';
import { parseTestResults, parseTriggeredBuildId } from '../../src/api/parsing/parseResults';
import { outcomeOf } from '../../src/core/testing/testOutcome';
import { LIVE_SHAPES_APP } from '../service/seedCatalog';
import { useReferenceService } from './clientFixture';

const PULL_REQUEST_BUILD = {
  _id: '5a1c2e3f4b5d6e7f8a9b0c',
  app_id: '1',
  build_status: 'success',
  finished: true,
  commit_info: { tags: [], branch: 'feature/x', commit_sha: 'abc1234', author: 'Eve', message: 'Try x', html_url: '' },
  pull_request_destination_commit_info: {
    branch: 'master',
    commit_sha: '54a9fae',
    message: 'Merge #41',
    author: 'David Pie',
    html_url: '',
    tags: ['v1.0'],
    merge_status: 'unknown',
  },
  build_number: 7,
  test_summary: { tests_count: 4, tests_passed: 4, code_coverage_percentage: 0 },
};

describe('API.md 2b: the live service’s shapes', () => {
  it('tests named in `test` or `name`, with `success` and `passed` alike', () => {
    const results = parseTestResults({
      build_id: '123456789101112',
      tests: [
        { run: 'iPhone 6s', target: 'T', suite: 'AuthTests', test: 'testLogin()', status: 'success' },
        { run: 'iPhone 6s', target: 'T', suite: 'AuthTests', test: 'testLogout()', status: 'failed' },
        { run: 'iPhone 6s', target: 'T', suite: 'AuthTests', name: 'testRefresh()', status: 'passed' },
        { suite: 'AuthTests', name: 'testBoth()', test: 'ignored', status: 'SUCCESS' },
      ],
    });
    assert.deepEqual(
      results.tests.map((t) => [t.name, t.status, outcomeOf(t.status)]),
      [
        ['testLogin()', 'passed', 'passed'],
        ['testLogout()', 'failed', 'failed'],
        ['testRefresh()', 'passed', 'passed'],
        ['testBoth()', 'passed', 'passed'],
      ],
    );
    assert.throws(() => parseTestResults({ tests: [{ suite: 'S', status: 'failed' }] }), /tests\[0\]\.name should be a non-empty string/);
  });

  it('a pull-request build keeps the branch it merges into; "" links, a missing `links` and an integer 0 coverage are read', () => {
    const build = parseBuild(PULL_REQUEST_BUILD);
    assert.equal(build.id, '5a1c2e3f4b5d6e7f8a9b0c');
    assert.equal(build.commit.url, '');
    assert.equal(build.commit.sha, 'abc1234');
    assert.deepEqual(build.links, { download: [], install: [] });
    assert.equal(build.testSummary.coverage, 0);
    assert.deepEqual(build.pullRequestDestination, {
      branch: 'master',
      sha: '54a9fae',
      message: 'Merge #41',
      author: 'David Pie',
      url: '',
      tags: ['v1.0'],
      mergeStatus: 'unknown',
    });
    assert.equal(parseBuild({ ...PULL_REQUEST_BUILD, pull_request_destination_commit_info: null }).pullRequestDestination, undefined);
    assert.deepEqual(parseBuild({ _id: '1', test_summary: {} }).testSummary, {
      testsCount: undefined,
      testsPassed: undefined,
      coverage: undefined,
    });
    // Undocumented, so read leniently: a shape we do not expect is "not a pull request", a wrong field absent.
    assert.equal(parseBuild({ ...PULL_REQUEST_BUILD, pull_request_destination_commit_info: 'master' }).pullRequestDestination, undefined);
    assert.equal(parseBuild({ ...PULL_REQUEST_BUILD, pull_request_destination_commit_info: {} }).pullRequestDestination, undefined);
    assert.deepEqual(
      parseBuild({ ...PULL_REQUEST_BUILD, pull_request_destination_commit_info: { branch: 'main', merge_status: 3, tags: ['a', 1] } })
        .pullRequestDestination,
      { branch: 'main', sha: undefined, author: undefined, message: undefined, url: undefined, tags: ['a'], mergeStatus: undefined },
    );
  });

  it('ids of any length ("1", 18 to 26 characters), a numeric trigger id, apps without platform, two apps of one id', () => {
    assert.equal(parseTriggeredBuildId({ build_id: '123456789101112' }), '123456789101112');
    const apps = parseApps([
      { _id: '1', app_name: 'One' },
      { _id: 'a1b2c3d4e5f6a7b8c9', app_name: 'Eighteen', platform: 'iOS' },
      { _id: 'a1b2c3d4e5f6a7b8c9', app_name: 'Eighteen again', platform: 'android' },
    ]);
    assert.deepEqual(
      apps.map((a) => [a.id, a.platform]),
      [
        ['1', ''],
        ['a1b2c3d4e5f6a7b8c9', 'ios'],
        ['a1b2c3d4e5f6a7b8c9', 'android'],
      ],
    );
  });

  describe('from the reference service', () => {
    const fixture = useReferenceService();

    it('its live-shapes app: no platform, short ids and shas, pull-request builds, tests in `test`, through the client', async () => {
      const client = fixture.client();
      const app = (await client.listApps()).find((a) => a.id === LIVE_SHAPES_APP);
      assert.deepEqual(app && [app.id, app.platform], ['1', '']);
      const builds = await client.listBuilds(LIVE_SHAPES_APP, { limit: 100 });
      assert.equal(builds.length, fixture.service.data.builds.filter((b) => b.app_id === LIVE_SHAPES_APP).length);
      assert.ok(builds.every((b) => b.id.length >= 18 && b.id.length <= 26 && !/^[0-9a-f]{24}$/.test(b.id)));
      assert.ok(builds.every((b) => b.commit.url === '' && (b.commit.sha?.length ?? 0) < 40));
      const pullRequest = builds.find((b) => b.pullRequestDestination);
      assert.equal(pullRequest?.pullRequestDestination?.mergeStatus, 'unknown');
      assert.equal(pullRequest?.pullRequestDestination?.branch, 'develop');

      const withTests = builds.find((b) => fixture.service.data.tests.has(b.id));
      assert.ok(withTests);
      const sent = fixture.service.data.tests.get(withTests.id) ?? [];
      const read = await client.getTests(withTests.id, { showPassing: true });
      const raw = (await (
        await fetch(`${fixture.service.baseUrl}/builds/${withTests.id}/tests?showPassing=true`, {
          headers: { authorization: `Bearer ${fixture.service.token}` },
        })
      ).json()) as { tests: Record<string, unknown>[] };
      assert.ok(
        raw.tests.every((t) => 'test' in t && !('name' in t) && t.status !== 'passed'),
        'served as the live service sent them',
      );
      assert.deepEqual(
        read.tests.map((t) => [t.suite, t.name, t.status]),
        sent.map((t) => [t.suite, t.name, t.status]),
      );
    });
  });
});
