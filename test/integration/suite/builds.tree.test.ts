// Apps expand to their recent builds, builds to their details, fetched only on expand.
import * as assert from 'node:assert/strict';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';

describe('builds: tree', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });

  it('an app expands to its newest builds: state icon, number, branch, commit line, when', async () => {
    fixture.service.clearRequests();
    const app = await appNode(fixture.api, IOS_2048);
    assert.equal(textOf(fixture.api, app).collapsible, true);
    const rows = await fixture.api.apps.getChildren(app);
    assert.equal(rows.at(-1)?.kind, 'groups', 'the deployment groups come last');
    const builds = rows.filter((row) => row.kind === 'build');
    const sent = fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.query.limit, '10');
    assert.equal(builds.length, 10);
    const items = builds.map((b) => textOf(fixture.api, b));
    const numbers = items.map((i) => Number(i.label.slice(1)));
    assert.deepEqual(
      numbers,
      [...numbers].sort((a, b) => b - a),
      'newest first',
    );
    assert.equal(items[0]?.icon, 'clock');
    assert.equal(items[0]?.contextValue, 'build.queued');
    assert.equal(items[1]?.icon, 'sync~spin');
    assert.ok(items.some((i) => i.icon === 'pass') && items.some((i) => i.icon === 'error'));
    const newest = fixture.service.data.builds.filter((b) => b.app_id === IOS_2048).sort((a, b) => b.build_number - a.build_number)[0];
    assert.ok(newest);
    assert.match(
      items[0]?.description ?? '',
      new RegExp(
        `^Queued · ${escape(newest.commit_info.branch)} · ${escape(newest.commit_info.message.split('\n')[0] ?? '')} · (just now|.* ago)`,
      ),
    );
    assert.match(items[0]?.tooltip ?? '', /Created: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id/tests').length, 0, 'no details before a build is expanded');
  });

  it('buildService.buildsPerApp sets how many', async () => {
    await setSetting('buildsPerApp', 3);
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048));
    assert.equal(builds.filter((row) => row.kind === 'build').length, 3);
  });

  it('a finished build expands to its details, loaded then: commit, times, tests, failed tests, coverage, links', async () => {
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048));
    const failed = builds.find((b) => textOf(fixture.api, b).icon === 'error');
    assert.ok(failed && failed.kind === 'build');
    fixture.service.clearRequests();
    const details = await fixture.api.apps.getChildren(failed);
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id/tests', failed.build.id).length, 1);
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id/coverage', failed.build.id).length, 1);
    assert.equal(fixture.service.requests.length, 2, 'only the two detail requests');
    const rows = details.map((d) => textOf(fixture.api, d));
    const labels = rows.map((r) => r.label);
    assert.match(labels[0] ?? '', /^Commit [0-9a-f]{7}$/);
    assert.ok(labels.includes('Started') && labels.includes('Finished') && labels.includes('Duration'), labels.join(', '));
    const tests = details[labels.findIndex((l) => l.startsWith('Tests'))];
    assert.ok(tests);
    assert.match(textOf(fixture.api, tests).description, /^\d+ of \d+ passed$/);
    const failedTests = await fixture.api.apps.getChildren(tests);
    assert.ok(failedTests.length > 0, 'the failed tests from /tests');
    const coverage = details[labels.indexOf('Coverage')];
    assert.ok(coverage);
    assert.match(textOf(fixture.api, coverage).description, /%$/);
    assert.ok((await fixture.api.apps.getChildren(coverage)).length > 0, 'coverage per target');
    const success = builds.find((b) => textOf(fixture.api, b).icon === 'pass');
    assert.ok(success);
    const links = (await fixture.api.apps.getChildren(success)).map((d) => textOf(fixture.api, d).label);
    assert.ok(links.some((l) => l.startsWith('Install: ')) && links.some((l) => l.startsWith('Download: ')), links.join(', '));
    fixture.service.clearRequests();
    await fixture.api.apps.getChildren(failed);
    await fixture.api.apps.getChildren(success);
    assert.equal(fixture.service.requests.length, 0, 'a finished build never changes: its details are not fetched twice');
  });

  it('an unfinished build asks for no results yet', async () => {
    const [queued] = await fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048));
    assert.ok(queued);
    fixture.service.clearRequests();
    const rows = (await fixture.api.apps.getChildren(queued)).map((d) => textOf(fixture.api, d));
    assert.equal(fixture.service.requests.length, 0);
    assert.deepEqual(rows.find((r) => r.label === 'Tests')?.description, 'when the build has finished');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
