// What the views cost the build service, counted by the reference service: every request it sees
// during a step. Apps are expanded as a click does (TreeView.reveal), Refresh is the command, and a
// step ends once no request has come for SETTLED_MS. In test mode the poller's schedule runs at
// TEST_TIME_SCALE, so a minute of it lasts 1 s.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/server';
import { DEFAULT_INTERVALS, TEST_TIME_SCALE } from '../../../src/core/polling/pollSchedule';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { ANDROID_2048, FIND_REPLACE, IOS_2048, REPO_2048 } from '../../service/seedCatalog';
import { appNode, openAppsView, reveal } from '../appsView';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { storeTokenFor, testing } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';

/** Several polls at the test time scale (0.17–1 s apart): long enough for a request that must not come. */
const QUIET_MS = 5_000;
/** No new request for this long: whatever a step started is done (its requests go out within milliseconds). */
const SETTLED_MS = 1_500;

/** Requests by route, e.g. { 'GET /apps': 1 }. */
type RequestCount = Record<string, number>;
const APP_LIST = 'GET /apps';
const BUILD_LIST = 'GET /apps/:app_id/builds';

function countOf(service: RunningService): RequestCount {
  const count: RequestCount = {};
  for (const { route, rawPath } of service.requests) count[route ?? rawPath] = (count[route ?? rawPath] ?? 0) + 1;
  return count;
}

/** The paths asked more than once, with their queries: what a count over its figure asked again. */
function askedTwice(service: RunningService): string {
  const seen = new Map<string, number>();
  for (const { rawUrl } of service.requests) seen.set(rawUrl, (seen.get(rawUrl) ?? 0) + 1);
  return JSON.stringify([...seen].filter(([, n]) => n > 1));
}

const total = (count: RequestCount) => Object.values(count).reduce((sum, n) => sum + n, 0);

async function settle(service: RunningService): Promise<void> {
  let seen = -1;
  await waitFor(
    async () => {
      const now = service.requests.length;
      if (now === seen) return true;
      seen = now;
      await sleep(SETTLED_MS);
      return false;
    },
    'requests to stop',
    20_000,
  );
}

/** A new build of `appId`, started through the API as another client would: queued, unfinished. */
async function startBuild(service: RunningService, appId: string): Promise<void> {
  const answer = await fetch(`${service.baseUrl}/apps/${appId}/build`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ branch: 'develop' }),
  });
  assert.equal(answer.status, 201);
}

/** The requests `step` causes, once they have stopped coming. */
async function requestsOf(service: RunningService, step: () => PromiseLike<unknown>): Promise<RequestCount> {
  await settle(service);
  service.clearRequests();
  await step();
  await settle(service);
  return countOf(service);
}

describe('requests: the Apps view', () => {
  // Polling off until a test turns it on, and Git off: a refresh's requests are all there is to count.
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, openView: true, waitForApps: true });
  let expanded: AppsTreeNode[] = [];
  const refresh = () => vscode.commands.executeCommand('buildService.refresh');
  const twoRefreshes = () => Promise.all([refresh(), refresh()]);

  async function expandTo(count: number): Promise<void> {
    const apps = (await fixture.api.apps.getChildren()).filter((n) => n.kind === 'app').slice(0, count);
    assert.equal(apps.length, count, `the reference service has ${count} apps`);
    for (const app of apps.slice(expanded.length)) await reveal(fixture.api, app, { expand: true, select: false, focus: false });
    expanded = apps;
    await waitFor(
      () => new Set(fixture.service.requestsTo('GET /apps/:app_id/builds').map((r) => r.rawPath)).size >= count,
      'the expanded apps list their builds',
    );
  }

  it('two refreshes at once, nothing expanded, send one GET /apps', async () => {
    await openAppsView();
    assert.deepEqual(await requestsOf(fixture.service, twoRefreshes), { [APP_LIST]: 1 });
  });

  for (const count of [3, 8]) {
    it(`a refresh with ${count} apps expanded sends ${count + 1}: the app list and one build list per expanded app`, async () => {
      await expandTo(count);
      assert.deepEqual(await requestsOf(fixture.service, refresh), { [APP_LIST]: 1, [BUILD_LIST]: count });
    });
  }

  it('two refreshes at once with 8 apps expanded send 9', async () => {
    assert.equal(expanded.length, 8);
    assert.deepEqual(await requestsOf(fixture.service, twoRefreshes), { [APP_LIST]: 1, [BUILD_LIST]: 8 });
  });

  it('sends nothing while every build shown has finished, polling on', async () => {
    const { tracker } = testing(fixture.api);
    await setSetting('autoRefresh', true);
    assert.ok(tracker.followedIds.length > 0, 'the expanded apps show unfinished builds, followed');
    fixture.service.advanceBuilds(); // queued → running, running → finished
    fixture.service.advanceBuilds();
    await waitFor(() => tracker.followedIds.length === 0, 'every followed build seen finished', 15_000);
    assert.deepEqual(await requestsOf(fixture.service, () => sleep(QUIET_MS)), {});
  });

  it('sends nothing while the window is in the background, and polls the unfinished builds once it is back', async () => {
    const { tracker } = testing(fixture.api);
    await setSetting('autoRefresh', true);
    // A build started on an expanded app: shown unfinished after a refresh, so followed.
    const [first] = expanded;
    assert.ok(first?.kind === 'app');
    await startBuild(fixture.service, first.app.id);
    await refresh();
    await fixture.api.apps.getChildren(await appNode(fixture.api, first.app.id));
    await waitFor(() => tracker.followedIds.length > 0, 'the new build followed');
    const polls = tracker.pollCount;
    await waitFor(() => tracker.pollCount > polls, 'polling');
    try {
      await ui.blurWindow(); // another browser tab in front: the workbench gets a real blur
      const unfocused = await requestsOf(fixture.service, () => sleep(QUIET_MS));
      assert.ok(!vscode.window.state.focused, 'the window stayed unfocused while counting');
      assert.deepEqual(unfocused, {});
      fixture.service.clearRequests();
      await ui.focusWindow();
      await waitFor(() => fixture.service.requestsTo('GET /apps/:app_id/builds').length > 0, 'the followed builds polled again', 5_000);
    } finally {
      await ui.focusWindow();
    }
  });
});

describe('requests: following unfinished builds', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });
  const PER_APP = 10;

  it(`${PER_APP} unfinished builds of each of 3 apps cost at most one build list per app a poll, never a request per build`, async function () {
    this.timeout(60_000);
    const { tracker } = testing(fixture.api);
    const appIds = [IOS_2048, ANDROID_2048, fixture.service.data.apps[2]._id];
    // Each seeded app has two unfinished builds; started builds make up the rest.
    for (const appId of appIds) for (let i = 2; i < PER_APP; i++) await startBuild(fixture.service, appId);
    for (const appId of appIds) await fixture.api.apps.getChildren(await appNode(fixture.api, appId));
    await waitFor(() => tracker.followedIds.length === appIds.length * PER_APP, `${appIds.length * PER_APP} builds followed`);
    await waitFor(() => vscode.window.state.focused, 'the window focused');
    const before = tracker.pollCount;
    const count = await requestsOf(fixture.service, async () => {
      await setSetting('autoRefresh', true);
      await sleep(QUIET_MS);
      await setSetting('autoRefresh', false);
    });
    const polls = tracker.pollCount - before;
    assert.ok(polls >= 3, `${polls} polls in ${QUIET_MS} ms`);
    assert.deepEqual(Object.keys(count), [BUILD_LIST], 'build lists only, no request per build');
    const asked = new Set(fixture.service.requests.map((r) => r.rawPath.split('?')[0]));
    assert.deepEqual([...asked].sort(), appIds.map((id) => `/apps/${id}/builds`).sort());
    assert.ok(total(count) <= appIds.length * polls, `${total(count)} build lists in ${polls} polls`);
  });
});

describe('requests: Current Branch looking for new builds', () => {
  const fixture = useReferenceService({ token: true });
  const MINUTES = 5;
  /** A minute of the schedule as the host runs it in test mode. */
  const minuteMs = 60_000 * TEST_TIME_SCALE;
  /** Three seeded apps build it, each with builds of FIND_REPLACE. */
  const WEATHER_REPO = 'https://github.com/myorg/weather.git';

  it(`3 apps build the repository, nothing of the branch runs: one build list per app a minute, nothing in the background`, async function () {
    this.timeout(90_000);
    fixture.service.advanceBuilds(); // queued → running, running → finished: nothing unfinished anywhere
    fixture.service.advanceBuilds();
    // Before Git opens the repository, which it then reads at once: a later checkout it would see only
    // through its file watcher, late, and not at all while the window is unfocused.
    const dir = await testRepository((repo) => {
      git(repo, 'remote', 'set-url', 'origin', WEATHER_REPO);
      git(repo, 'checkout', '-q', FIND_REPLACE);
    });
    try {
      const state = await waitForBranchState(
        fixture.api,
        (s) => s.kind === 'builds' && s.branch === FIND_REPLACE && s.entries.length === 3,
        `3 apps on ${FIND_REPLACE}`,
      );
      assert.ok(state.kind === 'builds' && state.entries.every((e) => !e.held || e.held.build.finished));
      await waitFor(() => testing(fixture.api).tracker.followedIds.length === 0, 'nothing followed');
      await vscode.commands.executeCommand('buildService.currentBranch.focus');
      await waitFor(() => vscode.window.state.focused, 'the window focused');
      // The branch switch looks sooner for a while; the count is of the pace after it.
      await sleep(DEFAULT_INTERVALS.soonForMs * TEST_TIME_SCALE + minuteMs);
      // Looks come a minute (1 s) apart, so requests never stop for long: counted over the time, not settled.
      fixture.service.clearRequests();
      await sleep(MINUTES * minuteMs);
      const focused = countOf(fixture.service);
      // A look on either edge of the count may fall in or out of it: one look of slack, no more.
      const looks = total(focused);
      assert.ok(looks >= 3 * (MINUTES - 1) && looks <= 3 * (MINUTES + 1), `${JSON.stringify(focused)} in ${MINUTES} minutes`);
      try {
        await ui.blurWindow();
        await sleep(minuteMs / 2); // a look that started before the blur may still be answered
        fixture.service.clearRequests();
        await sleep(MINUTES * minuteMs);
        const unfocused = countOf(fixture.service);
        assert.ok(!vscode.window.state.focused, 'the window stayed unfocused while counting');
        assert.deepEqual(unfocused, {});
      } finally {
        await ui.focusWindow();
      }
    } finally {
      git(dir, 'checkout', '-q', 'master');
      git(dir, 'remote', 'set-url', 'origin', REPO_2048);
    }
  });
});

describe('requests: filling Current Branch with 500 apps', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false } });
  const APPS = 500;
  const MATCHED = 2;

  it(`${APPS} apps, ${MATCHED} building the repository: ${APPS + MATCHED + 1} requests in a window new to them, ${MATCHED + 1} in one that knows them`, async function () {
    this.timeout(90_000);
    fixture.service.addGeneratedApps(APPS - fixture.service.data.apps.length);
    // The same service under an address this window has never seen (the views may have listed the
    // apps at 127.0.0.1 already): it knows no app and no app's repository there.
    const fresh = fixture.service.baseUrl.replace('//127.0.0.1:', '//localhost:');
    await storeTokenFor(fixture.api, fresh, fixture.service.token);
    await settle(fixture.service);
    fixture.service.clearRequests();
    await setSetting('baseUrl', fresh);
    // The app list, each app's latest build (which repository it builds), the matching apps' latest
    // build of the branch.
    await testRepository();
    const cold = await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'master', 'the builds of master');
    await settle(fixture.service);
    assert.equal(cold.kind === 'builds' ? cold.entries.length : 0, MATCHED);
    const coldCount = countOf(fixture.service);
    assert.equal(
      total(coldCount),
      APPS + MATCHED + 1,
      `${JSON.stringify(coldCount)}; asked more than once: ${askedTwice(fixture.service)}`,
    );
    assert.equal(coldCount[APP_LIST], 1);
    // A window opened later goes the way Refresh goes: the app list asked again, the map read from globalState.
    const warm = await requestsOf(fixture.service, () => vscode.commands.executeCommand('buildService.refreshCurrentBranch'));
    assert.equal(total(warm), MATCHED + 1, JSON.stringify(warm));
    assert.equal(warm[APP_LIST], 1);
  });
});
