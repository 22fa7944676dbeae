// Apps expand to their recent builds, builds to their details, fetched only on expand.
import * as assert from 'node:assert/strict';
import type { BuildServiceExports } from '../../../src/exports';
import type { RunningService } from '../../service/server';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf, waitForApps } from '../appsView';
import { extensionApi, storeToken } from '../extension';
import { startSidebarService } from '../harness';
import { resetSettings, setSetting } from '../settings';

describe('builds: tree', () => {
  let api: BuildServiceExports;
  let service: RunningService;

  before(async () => {
    api = await extensionApi();
    service = await startSidebarService(api);
    await storeToken(api, service.token);
    await setSetting('autoRefresh', false);
    await waitForApps(api);
  });
  after(async () => {
    await setSetting('autoRefresh', undefined);
    await setSetting('buildsPerApp', undefined);
    await storeToken(api, undefined);
    await resetSettings();
    await service.close();
  });

  it('an app expands to its newest builds: state icon, number, branch, commit line, when', async () => {
    service.clearRequests();
    const app = await appNode(api, IOS_2048);
    assert.equal(textOf(api, app).collapsible, true);
    const builds = await api.apps.getChildren(app);
    const sent = service.requestsTo('GET /apps/:app_id/builds', IOS_2048);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]?.query.limit, '10');
    assert.equal(builds.length, 10);
    const items = builds.map((b) => textOf(api, b));
    const numbers = items.map((i) => Number(i.label.slice(1)));
    assert.deepEqual(numbers, [...numbers].sort((a, b) => b - a), 'newest first');
    assert.equal(items[0]?.icon, 'clock');
    assert.equal(items[0]?.contextValue, 'build.queued');
    assert.equal(items[1]?.icon, 'sync~spin');
    assert.ok(items.some((i) => i.icon === 'pass') && items.some((i) => i.icon === 'error'));
    const newest = service.data.builds.filter((b) => b.app_id === IOS_2048).sort((a, b) => b.build_number - a.build_number)[0];
    assert.ok(newest);
    assert.match(items[0]?.description ?? '', new RegExp(`^${escape(newest.commit_info.branch)} · ${escape(newest.commit_info.message.split('\n')[0] ?? '')} · (just now|.* ago)`));
    assert.match(items[0]?.tooltip ?? '', /Created: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    assert.equal(service.requestsTo('GET /builds/:build_id/tests').length, 0, 'no details before a build is expanded');
  });

  it('buildService.buildsPerApp sets how many', async () => {
    await setSetting('buildsPerApp', 3);
    const builds = await api.apps.getChildren(await appNode(api, IOS_2048));
    assert.equal(builds.length, 3);
    await setSetting('buildsPerApp', undefined);
  });

  it('a finished build expands to its details, loaded then: commit, times, tests, failed tests, coverage, links', async () => {
    const builds = await api.apps.getChildren(await appNode(api, IOS_2048));
    const failed = builds.find((b) => textOf(api, b).icon === 'error');
    assert.ok(failed && failed.kind === 'build');
    service.clearRequests();
    const details = await api.apps.getChildren(failed);
    assert.equal(service.requestsTo('GET /builds/:build_id/tests', failed.build.id).length, 1);
    assert.equal(service.requestsTo('GET /builds/:build_id/coverage', failed.build.id).length, 1);
    assert.equal(service.requests.length, 2, 'only the two detail requests');
    const rows = details.map((d) => textOf(api, d));
    const labels = rows.map((r) => r.label);
    assert.match(labels[0] ?? '', /^Commit [0-9a-f]{7}$/);
    assert.ok(labels.includes('Started') && labels.includes('Finished') && labels.includes('Duration'), labels.join(', '));
    const tests = details[labels.findIndex((l) => l.startsWith('Tests'))];
    assert.ok(tests);
    assert.match(textOf(api, tests).description, /^\d+ of \d+ passed$/);
    const failedTests = await api.apps.getChildren(tests);
    assert.ok(failedTests.length > 0, 'the failed tests from /tests');
    const coverage = details[labels.indexOf('Coverage')];
    assert.ok(coverage);
    assert.match(textOf(api, coverage).description, /%$/);
    assert.ok((await api.apps.getChildren(coverage)).length > 0, 'coverage per target');
    const success = builds.find((b) => textOf(api, b).icon === 'pass');
    assert.ok(success);
    const links = (await api.apps.getChildren(success)).map((d) => textOf(api, d).label);
    assert.ok(links.some((l) => l.startsWith('Install: ')) && links.some((l) => l.startsWith('Download: ')), links.join(', '));
    service.clearRequests();
    await api.apps.getChildren(failed);
    await api.apps.getChildren(success);
    assert.equal(service.requests.length, 0, 'a finished build never changes: its details are not fetched twice');
  });

  it('an unfinished build asks for no results yet', async () => {
    const [queued] = await api.apps.getChildren(await appNode(api, IOS_2048));
    assert.ok(queued);
    service.clearRequests();
    const rows = (await api.apps.getChildren(queued)).map((d) => textOf(api, d));
    assert.equal(service.requests.length, 0);
    assert.deepEqual(rows.find((r) => r.label === 'Tests')?.description, 'when the build has finished');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
