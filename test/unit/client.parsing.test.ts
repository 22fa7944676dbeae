import * as assert from 'node:assert/strict';
import type { App as WireApp } from '../service/contract';
import { generateApps } from '../service/seed';
import { expectApiError, firstAppId, useReferenceService } from './clientFixture';

describe('BuildServiceClient: answers become typed models', () => {
  const fixture = useReferenceService();

  it('maps a build field by field', async () => {
    const wire = fixture.service.data.builds.find((build) => build.build_status === 'success') ?? fixture.service.data.builds[0];
    const build = await fixture.client().getBuild(wire._id);
    assert.equal(build.id, wire._id);
    assert.equal(build.appId, wire.app_id);
    assert.equal(build.repoUrl, wire.repo_url);
    assert.equal(build.status, wire.build_status);
    assert.equal(build.rawStatus, wire.build_status);
    assert.equal(build.finished, wire.finished);
    assert.equal(build.buildNumber, wire.build_number);
    assert.deepEqual(build.commit, {
      branch: wire.commit_info.branch,
      sha: wire.commit_info.commit_sha,
      author: wire.commit_info.author,
      message: wire.commit_info.message,
      url: wire.commit_info.html_url,
      tags: wire.commit_info.tags,
    });
    assert.equal(build.createdAt, wire.created_at);
    assert.equal(build.startedAt, wire.started_at ?? undefined);
    assert.equal(build.finishedAt, wire.finished_at ?? undefined);
    assert.deepEqual(build.testSummary, {
      testsCount: wire.test_summary.tests_count,
      testsPassed: wire.test_summary.tests_passed,
      coverage: wire.test_summary.code_coverage_percentage,
    });
    assert.deepEqual(build.links, wire.links);
  });

  it('lists builds, branches, latest build, tests, coverage and deployment groups of a seeded app', async () => {
    const client = fixture.client();
    const appId = firstAppId(fixture.service);
    const builds = await client.listBuilds(appId, { limit: 3 });
    assert.ok(builds.length <= 3 && builds.every((build) => build.appId === appId));
    const branches = await client.listBranches(appId, { includeDeleted: true });
    assert.ok(branches.every((branch) => typeof branch.name === 'string'));
    const latest = await client.getLatestBuild(appId);
    assert.equal(latest.id, builds[0]?.id);
    const tests = await client.getTests(latest.id, { showFailed: true, showPassing: true });
    assert.ok(Array.isArray(tests.tests));
    const coverage = await client.getCoverage(latest.id, { showFileCoverage: true });
    assert.ok(Array.isArray(coverage.targets));
    const groups = await client.listDeploymentGroups(appId);
    assert.ok(groups.every((group) => Array.isArray(group.testers)));
  });

  it('10,000 apps parse correctly', async () => {
    fixture.service.setApps(generateApps(10_000));
    const apps = await fixture.client().listApps();
    assert.equal(apps.length, 10_000);
    assert.equal(new Set(apps.map((app) => app.id)).size, 10_000);
    assert.ok(apps.every((app, index) => app.id === fixture.service.data.apps[index]._id));
  });

  it('tolerates extra fields, nulls and odd names; lower-cases the platform and keeps unknown ones', async () => {
    const apps = [
      { _id: '58a4e07838704cb2eacd7ce4', app_name: 'مرحبا 😀 漢字', platform: 'IOS', owner: { nested: true } },
      { _id: '58a4e07838704cb2eacd7ce6', app_name: null, platform: 'windows-phone' },
      { _id: '58a4e07838704cb2eacd7ce8', app_name: 'no platform' },
    ] as unknown as WireApp[];
    fixture.service.setApps(apps);
    assert.deepEqual(await fixture.client().listApps(), [
      { id: '58a4e07838704cb2eacd7ce4', name: 'مرحبا 😀 漢字', platform: 'ios' },
      { id: '58a4e07838704cb2eacd7ce6', name: '58a4e07838704cb2eacd7ce6', platform: 'windows-phone' },
      { id: '58a4e07838704cb2eacd7ce8', name: 'no platform', platform: '' },
    ]);
  });

  it('an unknown build status does not fail the list: it becomes "unknown" and stays visible', async () => {
    const wire = fixture.service.data.builds[0];
    Object.assign(wire, { build_status: 'paused', started_at: null, finished_at: null, test_summary: {}, surprise: [1] });
    const builds = await fixture.client().listBuilds(wire.app_id, { limit: 100 });
    const build = builds.find((candidate) => candidate.id === wire._id);
    assert.ok(build);
    assert.equal(build.status, 'unknown');
    assert.equal(build.rawStatus, 'paused');
    assert.equal(build.startedAt, undefined);
    assert.deepEqual(Object.values(build.testSummary), [undefined, undefined, undefined]);
  });

  it('invalid JSON is invalid-response', async () => {
    fixture.service.setFault('GET /apps', { invalidJson: true });
    const error = await expectApiError(fixture.client().listApps(), 'invalid-response');
    assert.match(error.message, /not valid JSON/);
  });

  it('a wrong shape is invalid-response naming what was wrong', async () => {
    fixture.service.setFault('GET /apps', { wrongShape: true });
    const error = await expectApiError(fixture.client().listApps(), 'invalid-response');
    assert.match(error.message, /the app list should be an array/);
  });

  it('a missing _id or a non-string name is invalid-response naming the field', async () => {
    const client = fixture.client();
    fixture.service.setApps([{ app_name: 'x', platform: 'ios' }] as unknown as WireApp[]);
    assert.match(
      (await expectApiError(client.listApps(), 'invalid-response')).message,
      /apps\[0\]\._id should be a non-empty string, but is missing/,
    );
    fixture.service.setApps([{ _id: '58a4e07838704cb2eacd7ce4', app_name: 42, platform: 'ios' }] as unknown as WireApp[]);
    assert.match(
      (await expectApiError(client.listApps(), 'invalid-response')).message,
      /apps\[0\]\.app_name should be a string, but is a number/,
    );
  });

  it('a build whose commit_info is not an object is invalid-response', async () => {
    const wire = fixture.service.data.builds[0];
    Object.assign(wire, { commit_info: 'master' });
    const error = await expectApiError(fixture.client().getBuild(wire._id), 'invalid-response');
    assert.match(error.message, /build\.commit_info should be an object, but is a string/);
  });

  it('a UTF-8 byte-order mark before the JSON is tolerated', async () => {
    fixture.service.setFault('GET /apps', { rawBody: '\uFEFF[{"_id":"58a4e07838704cb2eacd7ce4","app_name":"é","platform":"android"}]' });
    assert.deepEqual(await fixture.client().listApps(), [{ id: '58a4e07838704cb2eacd7ce4', name: 'é', platform: 'android' }]);
  });

  it('an empty 200 where a list is expected is invalid-response', async () => {
    fixture.service.setFault('GET /apps', { status: 200, body: 'empty' });
    await expectApiError(fixture.client().listApps(), 'invalid-response');
  });
});
