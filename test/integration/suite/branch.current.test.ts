// The Current Branch view and the status-bar item against a real Git repository and the reference
// service: which apps match, what each shows, switching branch, and pinning an app.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Build as WireBuild, RunningService } from '../../service/server';
import { ANDROID_2048, IOS_2048, REPO_2048 } from '../../service/seedCatalog';
import { checkOut, disableGit, git, testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const ICON = { queued: 'clock', running: 'sync~spin', success: 'pass', failed: 'error', cancelled: 'circle-slash' } as const;

function latestOf(service: RunningService, appId: string, branch: string): WireBuild | undefined {
  return service.data.builds
    .filter((b) => b.app_id === appId && b.commit_info.branch === branch)
    .sort((a, b) => (a.created_at === b.created_at ? b.build_number - a.build_number : a.created_at < b.created_at ? 1 : -1))[0];
}

describe('current branch: without Git', () => {
  const fixture = useReferenceService({ token: true });

  // The test host starts with Git off; turned off here too, so the suite does not depend on the order.
  before(() => disableGit());

  it('the view says Git is not available and the status bar hides', async () => {
    await waitForBranchState(fixture.api, (s) => s.kind === 'no-git', 'no Git');
    assert.equal(testing(fixture.api).branch.statusBar.shown, undefined);
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(
      async () => (await ui.texts('.welcome-view-content p')).some((t) => t.startsWith('Git is not available')),
      'the no-Git welcome',
    );
  });
});

describe('current branch: view and status bar', () => {
  // A real repository opened through the Git extension, checked out on develop, its builds shown.
  const fixture = useReferenceService({ token: true, checkout: 'develop' });
  let dir: string;

  before(async () => {
    dir = await testRepository();
  });

  it('shows the latest develop build of both apps that build myorg/2048, in the view and the status bar', async () => {
    const state = testing(fixture.api).branch.model.state;
    assert.ok(state.kind === 'builds' && state.branch === 'develop', JSON.stringify(state).slice(0, 200));
    const { tree, statusBar } = testing(fixture.api).branch;
    const expected = [IOS_2048, ANDROID_2048].map((id) => latestOf(fixture.service, id, 'develop'));
    assert.deepEqual(state.entries.map((e) => e.app.id).sort(), [IOS_2048, ANDROID_2048].sort());
    const byApp = new Map(state.entries.map((e) => [e.app.id, e.held?.build.id]));
    assert.deepEqual(
      [byApp.get(IOS_2048), byApp.get(ANDROID_2048)],
      expected.map((b) => b?._id),
    );
    const items = tree.getChildren().map((n) => tree.getTreeItem(n));
    assert.deepEqual(items.map((i) => i.label).sort(), ['2048 Android App', '2048 iOS App']);
    const first = state.entries[0]?.held?.build;
    assert.ok(first?.buildNumber !== undefined);
    assert.equal((items[0]?.iconPath as vscode.ThemeIcon).id, ICON[first.status as keyof typeof ICON]);
    const text = state.entries.map((e) => `$(${ICON[e.held!.build.status as keyof typeof ICON]}) #${e.held!.build.buildNumber}`).join(' ');
    assert.equal(statusBar.shown?.text, `${text} develop`);
    assert.match(statusBar.shown?.tooltip ?? '', /^Build Service — branch develop\n2048 /);
    await waitFor(async () => (await ui.texts('.statusbar-item')).some((t) => t.includes('develop')), 'the status-bar item drawn');
  });

  it('follows a git checkout to another branch', async () => {
    // Git reads the checkout at once (its file watcher's delay is Git's, not ours, and grows under load).
    await checkOut(fixture.api, dir, 'master');
    const state = await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'master', 'builds of master');
    assert.ok(state.kind === 'builds');
    assert.equal(state.entries.find((e) => e.app.id === IOS_2048)?.held?.build.id, latestOf(fixture.service, IOS_2048, 'master')?._id);
    assert.match(testing(fixture.api).branch.statusBar.shown?.text ?? '', / master$/);
  });

  it('the status-bar click reveals the build in the Current Branch view', async () => {
    await vscode.commands.executeCommand('buildService.revealCurrentBranchBuild');
    await waitFor(
      async () => (await ui.texts('.monaco-list-row.selected')).some((t) => t.includes('2048')),
      'the build selected in the view',
    );
  });

  it('buildService.appId pins another app; an invalid one is named in a warning', async () => {
    const cafe = fixture.service.data.apps.find((a) => a.app_name === 'Café Crème iOS');
    assert.ok(cafe);
    await setSetting('appId', cafe._id);
    const state = await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.pinned, 'pinned app');
    assert.ok(state.kind === 'builds');
    assert.deepEqual(
      state.entries.map((e) => e.app.id),
      [cafe._id],
    );
    await ui.clearNotifications();
    await setSetting('appId', '2048 iOS App');
    const shown = await ui.waitForNotification('buildService.appId');
    assert.match(shown.message, /^The setting buildService\.appId is not valid: "2048 iOS App" is not an app ID/);
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && !s.pinned, 'back to matching by repository');
    await ui.clearNotifications();
  });

  it('an invalid service address: the view says why in the words of the commands, and its click opens the setting', async () => {
    await setSetting('baseUrl', 'ftp://builds.example.com/v1');
    await waitForBranchState(fixture.api, (s) => s.kind === 'failed', 'the failure shown');
    const { tree } = testing(fixture.api).branch;
    const items = tree.getChildren().map((n) => tree.getTreeItem(n));
    assert.deepEqual(
      items.map((i) => [i.label, i.tooltip, i.command?.command, i.command?.arguments]),
      [
        [
          'The service address is not valid',
          'The setting buildService.baseUrl is not valid: it must start with https:// or http://, not ftp://.\nClick to open settings.',
          'buildService.openSettings',
          ['buildService.baseUrl'],
        ],
      ],
    );
    await setSetting('baseUrl', fixture.service.baseUrl);
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds', 'builds again');
    await ui.clearNotifications();
  });

  it('no app building the remote: the view says so and the status bar hides', async () => {
    git(dir, 'remote', 'set-url', 'origin', 'https://github.com/someone/else.git');
    try {
      await waitForBranchState(fixture.api, (s) => s.kind === 'no-app', 'no app');
      assert.equal(testing(fixture.api).branch.statusBar.shown, undefined);
    } finally {
      git(dir, 'remote', 'set-url', 'origin', REPO_2048);
    }
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds', 'builds again');
  });

  it('Git turned off: the view says Git is off (not that no repository is open); turned on again, the branch is back', async () => {
    await disableGit();
    await waitForBranchState(fixture.api, (s) => s.kind === 'no-git', 'no Git');
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(
      async () => (await ui.texts('.welcome-view-content p')).some((t) => t.startsWith('Git is not available')),
      'the no-Git welcome',
    );
    await testRepository();
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'master', 'builds of master again');
  });
});
