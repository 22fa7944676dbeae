// Following unfinished builds: only those, until they finish, then nothing at all. The extension
// runs its tests with 300 ms growing to 1 s instead of 10 s growing to 60 s.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../../src/exports';
import type { RunningService } from '../../service/server';
import { ANDROID_2048 } from '../../service/seedCatalog';
import { appNode, textOf, waitForApps } from '../appsView';
import { extensionApi, storeToken } from '../extension';
import { startSidebarService } from '../harness';
import { resetSettings, setSetting } from '../settings';
import { sleep, waitFor } from '../wait';

describe('builds: following unfinished builds', () => {
  let api: BuildServiceExports;
  let service: RunningService;

  before(async function () {
    api = await extensionApi();
    if (!vscode.window.state.focused) this.skip(); // polling is for focused windows only
    service = await startSidebarService(api);
    await storeToken(api, service.token);
    await waitForApps(api);
  });
  after(async () => {
    for (const id of api.testing?.poller.followedIds ?? []) api.testing?.poller.unfollow(id);
    await setSetting('autoRefresh', undefined);
    await storeToken(api, undefined);
    await resetSettings();
    await service?.close();
  });

  it('polls just the queued and running builds shown, redraws them, and stops when they finish', async () => {
    const poller = api.testing?.poller;
    assert.ok(poller);
    const builds = await api.apps.getChildren(await appNode(api, ANDROID_2048));
    const unfinished = builds.filter((b) => b.kind === 'build' && !b.build.finished).map((b) => (b.kind === 'build' ? b.build.id : ''));
    assert.equal(unfinished.length, 2, 'the seeded newest two');
    assert.deepEqual([...poller.followedIds].sort(), [...unfinished].sort());
    await waitFor(() => service.requestsTo('GET /builds/:build_id').length >= 2, 'a poll');
    const polled = new Set(service.requestsTo('GET /builds/:build_id').map((r) => r.rawPath.split('/')[2]));
    assert.deepEqual([...polled].sort(), [...unfinished].sort(), 'only the unfinished builds are polled');

    const finished: string[] = [];
    const listener = poller.onDidFinish(({ build }) => finished.push(build.id));
    service.advanceBuilds(); // queued → running, running → finished
    service.advanceBuilds();
    await waitFor(() => poller.followedIds.length === 0, 'both builds seen finished', 10_000);
    listener.dispose();
    assert.deepEqual(finished.sort(), [...unfinished].sort());
    const first = builds.find((b) => b.kind === 'build' && b.build.id === unfinished[0]);
    assert.ok(first);
    assert.ok(['pass', 'error'].includes(textOf(api, first).icon), 'the same node, redrawn with its outcome');

    service.clearRequests();
    await sleep(2500);
    assert.equal(service.requests.length, 0, 'nothing unfinished: no requests at all');
  });

  it('polls nothing when buildService.autoRefresh is off', async () => {
    await setSetting('autoRefresh', false);
    service.reset();
    await api.apps.refresh();
    await api.apps.getChildren(await appNode(api, ANDROID_2048));
    service.clearRequests();
    await sleep(1500);
    assert.equal(service.requestsTo('GET /builds/:build_id').length, 0);
    await setSetting('autoRefresh', undefined);
  });
});
