// Following unfinished builds: only those, until they finish, then nothing at all. The extension
// runs its tests with the schedule at 1/60 time scale: 0.17 s growing to 1 s instead of 10 s to 60 s.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ANDROID_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import { sleep, waitFor } from '../wait';

describe('builds: following unfinished builds', () => {
  // Polling is for focused windows only.
  const fixture = useReferenceService({ onlyIf: () => vscode.window.state.focused, token: true, waitForApps: true });

  it('polls the queued and running builds shown in one list of their app, redraws them, and stops when they finish', async () => {
    const poller = fixture.api.testing?.tracker;
    assert.ok(poller);
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, ANDROID_2048));
    const unfinished = builds.filter((b) => b.kind === 'build' && !b.build.finished).map((b) => (b.kind === 'build' ? b.build.id : ''));
    assert.equal(unfinished.length, 2, 'the seeded newest two');
    assert.deepEqual([...poller.followedIds].sort(), [...unfinished].sort());
    fixture.service.clearRequests();
    const polls = poller.pollCount;
    await waitFor(() => poller.pollCount >= polls + 2 && fixture.service.requests.length >= 2, 'two polls');
    assert.deepEqual(
      new Set(fixture.service.requests.map((r) => `${r.route} ${r.rawPath}`)),
      new Set([`GET /apps/:app_id/builds /apps/${ANDROID_2048}/builds`]),
      'each poll is one list of the app, never a request per build',
    );

    const finished: string[] = [];
    const listener = poller.onDidChange(({ build, ended }) => ended && finished.push(build.id));
    fixture.service.advanceBuilds(); // queued → running, running → finished
    fixture.service.advanceBuilds();
    await waitFor(() => poller.followedIds.length === 0, 'both builds seen finished', 10_000);
    listener.dispose();
    assert.deepEqual(finished.sort(), [...unfinished].sort());
    const first = builds.find((b) => b.kind === 'build' && b.build.id === unfinished[0]);
    assert.ok(first);
    assert.ok(['pass', 'error'].includes(textOf(fixture.api, first).icon), 'the same node, redrawn with its outcome');

    fixture.service.clearRequests();
    await sleep(2500);
    assert.equal(fixture.service.requests.length, 0, 'nothing unfinished: no requests at all');
  });

  it('polls nothing when buildService.autoRefresh is off', async () => {
    await setSetting('autoRefresh', false);
    fixture.service.reset();
    await fixture.api.apps.refresh();
    await fixture.api.apps.getChildren(await appNode(fixture.api, ANDROID_2048));
    fixture.service.clearRequests();
    await sleep(1500);
    assert.deepEqual(fixture.service.requests, []);
  });
});
