// buildService.notifyOnCompletion: builds I triggered (default), every build of my branch, or off.
// Builds started by someone else (a POST straight to the service) reach the Current Branch view by
// themselves or on a refresh; the reference service moves them on, the poller sees them finish;
// notices are counted.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BranchState } from '../../../src/core/branch/branchState';
import type { Build as WireBuild } from '../../service/server';
import { ANDROID_2048 } from '../../service/seedCatalog';
import { appNode, openAppsView, reveal } from '../appsView';
import { waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';

describe('editor: notifications for my branch', () => {
  const fixture = useReferenceService({ token: true, checkout: 'develop', waitForApps: true });

  /** A teammate's build of develop: POSTed to the service directly, then shown by a refresh of Current Branch. */
  async function teammateBuild(): Promise<WireBuild> {
    const id = await post('develop');
    await testing(fixture.api).branch.model.refresh();
    await waitForBranchState(
      fixture.api,
      (s) => s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === id),
      'the teammate build shown',
    );
    const build = fixture.service.data.builds.find((b) => b._id === id);
    assert.ok(build);
    return build;
  }

  async function post(branch: string): Promise<string> {
    const response = await fetch(`${fixture.service.baseUrl}/apps/${ANDROID_2048}/build`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.service.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ branch }),
    });
    return ((await response.json()) as { build_id: string }).build_id;
  }

  async function finish(build: WireBuild): Promise<void> {
    // The poller pauses while the window is in the background; a webview closed by an earlier suite
    // can leave the focus nowhere, so give it to a view as a user's click would.
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(() => vscode.window.state.focused, 'the window focused');
    fixture.service.advanceBuilds();
    fixture.service.advanceBuilds();
    await waitForBranchState(
      fixture.api,
      (s) => s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === build._id && e.held.build.finished),
      'the build seen finished',
    );
    await waitFor(() => !testing(fixture.api).tracker.isFollowing(build._id), 'no longer followed');
  }

  it("'triggered' (the default): a teammate's build of my branch finishes without a notification", async () => {
    const { notice } = testing(fixture.api);
    const before = notice.count;
    await finish(await teammateBuild());
    assert.equal(notice.count, before);
  });

  it("'branch': one notification per finished build of my branch, none for another branch's build", async () => {
    await setSetting('notifyOnCompletion', 'branch');
    if (ui.uiProbeAvailable()) await ui.clearNotifications();
    // A master build the Apps view shows and follows: it finishes in the same step, unannounced.
    const other = await post('master');
    await fixture.api.apps.refresh();
    await fixture.api.apps.getChildren(await appNode(fixture.api, ANDROID_2048));
    await waitFor(() => testing(fixture.api).tracker.isFollowing(other), 'the master build followed');
    const { notice } = testing(fixture.api);
    const before = notice.count;
    const build = await teammateBuild();
    await finish(build);
    await waitFor(() => !testing(fixture.api).tracker.isFollowing(other), 'the master build finished too');
    assert.equal(notice.count, before + 1);
    if (ui.uiProbeAvailable()) {
      const outcome = build.build_status === 'success' ? 'succeeded' : 'failed';
      const { tests_count: count, tests_passed: passed } = build.test_summary;
      const failedTests = typeof count === 'number' && typeof passed === 'number' && passed < count;
      const shown = await ui.waitForNotification(`Build #${build.build_number} of 2048 Android App on develop ${outcome}`);
      assert.deepEqual(shown.actions, ['Open Build', ...(failedTests ? ['Show Failed Tests'] : []), "Don't Show Again"]);
      await ui.clearNotifications();
    }
  });

  it("'branch': a build of my branch the service starts after the window opened is shown and announced once, without a refresh", async () => {
    await setSetting('notifyOnCompletion', 'branch');
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(() => vscode.window.state.focused, 'the window focused');
    if (ui.uiProbeAvailable()) await ui.clearNotifications();
    const { notice, branch } = testing(fixture.api);
    const before = notice.count;
    // Started elsewhere (a push, a teammate, a schedule): nothing in this window is told.
    const id = await post('develop');
    const build = fixture.service.data.builds.find((b) => b._id === id);
    assert.ok(build);
    const shows = (status: string) => (s: BranchState) =>
      s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === id && e.held.build.status === status);
    await waitForBranchState(fixture.api, shows('queued'), 'the new build shown, queued');
    assert.match(branch.statusBar.shown?.text ?? '', new RegExp(`#${build.build_number}\\b`));
    fixture.service.advanceBuilds();
    await waitForBranchState(fixture.api, shows('running'), 'the new build shown running');
    fixture.service.finishBuild(id, 'failed');
    await waitForBranchState(fixture.api, shows('failed'), 'the new build shown failed');
    assert.match(branch.statusBar.shown?.text ?? '', new RegExp(`\\$\\(error\\) #${build.build_number}\\b`));
    await waitFor(() => notice.count === before + 1, 'the build announced');
    await waitFor(() => !branch.tracker.isFollowing(id), 'no longer followed');
    await sleep(1500); // several more looks at the branch
    assert.equal(notice.count, before + 1, 'announced once');
    if (ui.uiProbeAvailable()) {
      const shown = await ui.waitForNotification(`Build #${build.build_number} of 2048 Android App on develop failed`);
      assert.deepEqual(shown.actions, ['Open Build', 'Show Failed Tests', "Don't Show Again"]);
      await ui.clearNotifications();
    }
  });

  it('collapsing its app in the Apps view does not stop following a running build Current Branch shows: its end reaches the view, the status bar and the notice', async () => {
    await setSetting('notifyOnCompletion', 'branch');
    if (ui.uiProbeAvailable()) await ui.clearNotifications();
    const { notice, branch, appsView } = testing(fixture.api);
    const build = await teammateBuild();
    const id = build._id;
    const shows = (status: string) => (s: BranchState) =>
      s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === id && e.held.build.status === status);
    fixture.service.advanceBuilds();
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitForBranchState(fixture.api, shows('running'), 'the build shown running');
    // The Apps view shows it too, under its app, expanded as a click does.
    await openAppsView();
    const app = await appNode(fixture.api, ANDROID_2048);
    await reveal(fixture.api, app, { expand: true });
    await waitFor(
      async () => (await fixture.api.apps.getChildren(app)).some((n) => n.kind === 'build' && n.build.id === id),
      'the build listed under its app',
    );
    // Collapsed as a user does: the app's row focused, then the Left key.
    const collapsed = new Promise<void>((resolve) => {
      const listener = appsView.onDidCollapseElement((e) => {
        if (e.element !== app) return;
        listener.dispose();
        resolve();
      });
    });
    await reveal(fixture.api, app, { select: true, focus: true });
    if (ui.uiProbeAvailable()) await ui.pressKey('ArrowLeft');
    else await vscode.commands.executeCommand('list.collapse');
    await collapsed;
    const before = notice.count;
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(() => vscode.window.state.focused, 'the window focused');
    fixture.service.finishBuild(id, 'success');
    await waitForBranchState(fixture.api, shows('success'), 'the build shown succeeded in Current Branch');
    assert.match(branch.statusBar.shown?.text ?? '', new RegExp(`\\$\\(pass\\) #${build.build_number}\\b`));
    await waitFor(() => notice.count === before + 1, 'its end announced');
    if (ui.uiProbeAvailable()) {
      await ui.waitForNotification(`Build #${build.build_number} of 2048 Android App on develop succeeded`);
      await ui.clearNotifications();
    }
  });

  it("'off', and the old false: nothing", async () => {
    for (const value of ['off', false]) {
      await setSetting('notifyOnCompletion', value);
      const { notice } = testing(fixture.api);
      const before = notice.count;
      await finish(await teammateBuild());
      assert.equal(notice.count, before, String(value));
    }
  });
});
