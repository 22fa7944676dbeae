// The requests of the views, counted by the reference service in the real host, for the views bench
// (test/host/benchViews.mjs). The Apps view first: a refresh with N apps expanded, two refreshes at once,
// an idle window and an unfocused one; every request the service sees is counted: Git is off until
// then, so the Current Branch view asks for nothing and the Apps view is the only one talking. Then
// the Current Branch view with Git on, looking for new builds of its branch: ten minutes of the real
// poller's schedule, run at the test mode's time scale.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/server';
import { DEFAULT_INTERVALS, TEST_TIME_SCALE } from '../../../src/core/builds/pollSchedule';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { ANDROID_2048, FIND_REPLACE, IOS_2048, REPO_2048 } from '../../service/seedCatalog';
import { appNode, openAppsView, reveal } from '../appsView';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';
import { figures, type RequestCount } from './figures';

/** Long enough for several polls: the host runs the extension in test mode, polling every 0.17–1 s. */
const QUIET_SECONDS = 5;
/** No new request for this long: whatever a step started is done (its requests go out within milliseconds). */
const SETTLED_MS = 1_500;

function countOf(service: RunningService): RequestCount {
  const requests = service.requests;
  const on = (route: string) => requests.filter((r) => r.route === route).length;
  return {
    total: requests.length,
    appLists: on('GET /apps'),
    buildLists: on('GET /apps/:app_id/builds'),
    buildPolls: on('GET /builds/:build_id'),
  };
}

/** Waits until the service has seen no new request for SETTLED_MS: whatever the step started is done. */
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

describe('bench: requests of the Apps view', () => {
  // Polling off until a step turns it on: a refresh's requests are then all there is to count.
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, openView: true, waitForApps: true });
  let expanded: AppsTreeNode[] = [];

  async function expandTo(count: number): Promise<void> {
    const apps = (await fixture.api.apps.getChildren()).filter((n) => n.kind === 'app').slice(0, count);
    assert.equal(apps.length, count, `the reference service has ${count} apps`);
    for (const app of apps.slice(expanded.length)) await reveal(fixture.api, app, { expand: true, select: false, focus: false });
    expanded = apps;
    await waitFor(
      () => new Set(fixture.service.requestsTo('GET /apps/:app_id/builds').map((r) => r.rawPath)).size >= count,
      'the expanded apps list their builds',
    );
    await settle(fixture.service);
  }

  async function twoRefreshesAtOnce(): Promise<RequestCount> {
    await settle(fixture.service);
    fixture.service.clearRequests();
    await Promise.all([vscode.commands.executeCommand('buildService.refresh'), vscode.commands.executeCommand('buildService.refresh')]);
    await settle(fixture.service);
    return countOf(fixture.service);
  }

  it('two refreshes at once, nothing expanded', async () => {
    await openAppsView();
    figures.twoRefreshes = await twoRefreshesAtOnce();
  });

  for (const count of [3, 8]) {
    it(`a refresh with ${count} apps expanded`, async () => {
      await expandTo(count);
      fixture.service.clearRequests();
      await vscode.commands.executeCommand('buildService.refresh');
      await settle(fixture.service);
      figures.refreshExpanded[count] = countOf(fixture.service);
    });
  }

  it('two refreshes at once, 8 apps expanded', async () => {
    figures.twoRefreshesExpanded = { ...(await twoRefreshesAtOnce()), expanded: expanded.length };
  });

  it('idle with every build shown finished, polling on', async () => {
    const { poller } = fixture.api.testing ?? {};
    assert.ok(poller);
    await setSetting('autoRefresh', true);
    assert.ok(poller.followedIds.length > 0, 'the expanded apps show unfinished builds, followed');
    fixture.service.advanceBuilds(); // queued → running, running → finished
    fixture.service.advanceBuilds();
    await waitFor(() => poller.followedIds.length === 0, 'every followed build seen finished', 15_000);
    await settle(fixture.service);
    fixture.service.clearRequests();
    await sleep(QUIET_SECONDS * 1000);
    figures.idle = { ...countOf(fixture.service), seconds: QUIET_SECONDS, expanded: expanded.length };
  });

  it('unfocused with unfinished builds followed, polling on', async () => {
    const { poller } = fixture.api.testing ?? {};
    assert.ok(poller);
    await setSetting('autoRefresh', true);
    fixture.service.reset(); // the seeded builds again, the newest two of each app unfinished
    await vscode.commands.executeCommand('buildService.refresh');
    await waitFor(() => poller.followedIds.length >= expanded.length, 'the unfinished builds followed again');
    const polls = poller.pollCount;
    await waitFor(() => poller.pollCount > polls, 'polling');
    const followed = poller.followedIds.length;
    if (!ui.uiProbeAvailable()) {
      figures.unfocusedNotMeasured = 'no UI probe in this host, so the window cannot be unfocused';
      return;
    }
    try {
      await ui.blurWindow();
      try {
        await waitFor(() => !vscode.window.state.focused, 'the window unfocused', 5_000);
      } catch {
        figures.unfocusedNotMeasured = 'another browser tab in front did not unfocus the window (vscode.window.state.focused stayed true)';
        return;
      }
      // A poll that started before the blur may still be finishing its requests; count from after it.
      await sleep(500);
      fixture.service.clearRequests();
      await sleep(QUIET_SECONDS * 1000);
      const unfocused = countOf(fixture.service);
      assert.ok(!vscode.window.state.focused, 'the window stayed unfocused while counting');
      // And the builds are caught up with once the window is focused again: the zero above was a pause.
      fixture.service.clearRequests();
      await ui.focusWindow();
      await waitFor(() => vscode.window.state.focused, 'the window focused again', 5_000);
      await sleep(2_000);
      const after = countOf(fixture.service);
      figures.unfocused = { ...unfocused, seconds: QUIET_SECONDS, followed, pollsAfterFocus: after.buildLists + after.buildPolls };
    } finally {
      await ui.focusWindow();
    }
  });
});

describe('bench: requests of the Current Branch view, looking for new builds', () => {
  const fixture = useReferenceService({ token: true });
  const MINUTES = 10;
  /** A minute of the schedule as the host runs it in test mode. */
  const minuteMs = 60_000 * TEST_TIME_SCALE;
  /** Three seeded apps build it, each with builds of FIND_REPLACE. */
  const WEATHER_REPO = 'https://github.com/myorg/weather.git';

  /** Counts from just after one look at the branch, for `MINUTES` minutes of the schedule. */
  async function countMinutes(): Promise<RequestCount> {
    fixture.service.clearRequests();
    await waitFor(() => fixture.service.requestsTo('GET /apps/:app_id/builds').length >= 3, 'a look at the branch', 5_000);
    await sleep(minuteMs / 10);
    fixture.service.clearRequests();
    await sleep(MINUTES * minuteMs);
    return countOf(fixture.service);
  }

  it('focused, then in the background: 3 apps build the repository, nothing of the branch runs', async () => {
    const dir = await testRepository();
    git(dir, 'remote', 'set-url', 'origin', WEATHER_REPO);
    fixture.service.advanceBuilds(); // queued → running, running → finished: nothing unfinished anywhere
    fixture.service.advanceBuilds();
    git(dir, 'checkout', '-q', FIND_REPLACE);
    try {
      const state = await waitForBranchState(
        fixture.api,
        (s) => s.kind === 'builds' && s.branch === FIND_REPLACE && s.entries.length === 3,
        `3 apps on ${FIND_REPLACE}`,
      );
      assert.ok(state.kind === 'builds' && state.entries.every((e) => !e.build || e.build.finished));
      const { poller } = testing(fixture.api);
      await waitFor(() => poller.followedIds.length === 0, 'nothing followed');
      await vscode.commands.executeCommand('buildService.currentBranch.focus');
      await waitFor(() => vscode.window.state.focused, 'the window focused');
      // The branch switch looks sooner for a while; the count is of the pace after it.
      await sleep(DEFAULT_INTERVALS.soonForMs * TEST_TIME_SCALE + minuteMs);
      const focused = await countMinutes();
      figures.branchWatch = { apps: state.entries.length, minutes: MINUTES, scale: TEST_TIME_SCALE, focused };
      if (!ui.uiProbeAvailable()) {
        figures.branchUnfocusedNotMeasured = 'no UI probe in this host, so the window cannot be unfocused';
        return;
      }
      try {
        await ui.blurWindow();
        await waitFor(() => !vscode.window.state.focused, 'the window unfocused', 5_000);
        await sleep(minuteMs / 2); // a look that started before the blur may still be answered
        fixture.service.clearRequests();
        await sleep(MINUTES * minuteMs);
        assert.ok(!vscode.window.state.focused, 'the window stayed unfocused while counting');
        figures.branchWatch.unfocused = countOf(fixture.service);
      } catch (error) {
        figures.branchUnfocusedNotMeasured = `the window could not be unfocused: ${error instanceof Error ? error.message : String(error)}`;
      } finally {
        await ui.focusWindow();
      }
    } finally {
      git(dir, 'checkout', '-q', 'master');
      git(dir, 'remote', 'set-url', 'origin', REPO_2048);
    }
  });
});

describe('bench: requests of following unfinished builds', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });
  const PER_APP = 10;

  async function trigger(appId: string): Promise<void> {
    const answer = await fetch(`${fixture.service.baseUrl}/apps/${appId}/build`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.service.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ branch: 'develop' }),
    });
    assert.equal(answer.status, 201);
  }

  it(`3 apps with ${PER_APP} unfinished builds each shown in the Apps view, polling on`, async () => {
    const { poller } = testing(fixture.api);
    const appIds = [IOS_2048, ANDROID_2048, fixture.service.data.apps[2]._id];
    // Each seeded app has two unfinished builds; started builds make up the rest.
    for (const appId of appIds) for (let i = 2; i < PER_APP; i++) await trigger(appId);
    for (const appId of appIds) await fixture.api.apps.getChildren(await appNode(fixture.api, appId));
    await waitFor(() => poller.followedIds.length === appIds.length * PER_APP, `${appIds.length * PER_APP} builds followed`);
    await waitFor(() => vscode.window.state.focused, 'the window focused');
    await settle(fixture.service);
    fixture.service.clearRequests();
    const before = poller.pollCount;
    await setSetting('autoRefresh', true);
    await sleep(QUIET_SECONDS * 1000);
    await setSetting('autoRefresh', false);
    await settle(fixture.service);
    figures.followLists = {
      ...countOf(fixture.service),
      apps: appIds.length,
      followed: poller.followedIds.length,
      polls: poller.pollCount - before,
    };
  });
});

describe('bench: requests to fill Current Branch with 500 apps, a new window and one that knows them', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false } });
  const APPS = 500;

  it(`${APPS} apps, two of which build the repository`, async () => {
    fixture.service.addGeneratedApps(APPS - fixture.service.data.apps.length);
    fixture.service.clearRequests();
    // This address was never seen: the window knows no app's repository.
    await testRepository();
    const cold = await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'master', 'the builds of master');
    await settle(fixture.service);
    const coldCount = countOf(fixture.service);
    const matched = cold.kind === 'builds' ? cold.entries.length : 0;
    // A window opened later goes the same way as Refresh: the app list asked again, the map read from globalState.
    fixture.service.clearRequests();
    await vscode.commands.executeCommand('buildService.refreshCurrentBranch');
    await settle(fixture.service);
    figures.branchFill = { apps: fixture.service.data.apps.length, matched, cold: coldCount, warm: countOf(fixture.service) };
  });
});
