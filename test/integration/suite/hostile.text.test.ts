// A hostile service (issue 22, items 1 and 8): what it sends is shown as data. A link in an error
// text, an app name or an install link stays text in a notification; a direction override, a line
// break or `$(icon)` in an app name, branch, author, commit message or test name reaches no label,
// tooltip, quick pick, status bar or log line as such. Read from the workbench through the UI probe.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { HOSTILE, HOSTILE_BUILD_ID } from '../../service/server';
import { ANDROID_2048 } from '../../service/seedCatalog';
import { appNode, textOf, waitForApps } from '../appsView';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { storeToken, testing, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import { shownTests } from '../testingView';
import * as ui from '../ui';
import { waitFor } from '../wait';

/** Direction overrides and isolates, zero-width characters, line breaks: none may reach the screen. */
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u2028\u2029]/;

const NOTIFICATION_LINKS = '.notifications-toasts .notification-list-item-message a';

function assertPlain(text: string, where: string): void {
  assert.ok(!INVISIBLE.test(text), `${where} holds a control, bidi or zero-width character: ${JSON.stringify(text)}`);
}

/** Plain text with its own lines: each must be plain, and none may be a line the service made up. */
function assertTooltipLines(tooltip: string, where: string, expectedLines: number): string[] {
  const lines = tooltip.split('\n');
  for (const line of lines) assertPlain(line, where);
  assert.equal(lines.length, expectedLines, `${where} has a line of its own per fact: ${JSON.stringify(lines)}`);
  assert.ok(!lines.some((l) => l.startsWith('Build ID: 000000000000000000000000')), `${where}: a made-up Build ID line`);
  assert.ok(!lines.some((l) => l.startsWith('App ID: 000000000000000000000000')), `${where}: a made-up App ID line`);
  return lines;
}

describe('hostile service: links in notifications stay text (issue 22, item 1)', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, waitForApps: true, settings: { autoRefresh: false } });

  before(async () => {
    fixture.service.serveHostileText();
    await fixture.api.apps.refresh();
  });

  beforeEach(() => ui.clearNotifications());

  it("a 401 whose error text holds a command link: the service's words are shown, the link is not", async () => {
    fixture.service.setFault('GET /apps', { status: 401, errorMessage: HOSTILE.expiredToken });
    await vscode.commands.executeCommand('buildService.refresh');
    const shown = await ui.waitForNotification('Token expired.');
    fixture.service.clearFaults();
    assert.deepEqual(await ui.texts(NOTIFICATION_LINKS), [], 'no link in the notification');
    assert.match(shown.message, /^Token expired\. \[Renew token\] \(command:workbench\.action\.terminal\.sendSequence/);
    assert.deepEqual(shown.actions, ['Set Access Token', 'Open Dashboard']);
  });

  it('an app name holding a command link, quoted in an install message, is no link', async () => {
    const done = vscode.commands.executeCommand('buildService.installLatestBuild');
    await waitFor(async () => (await ui.quickInput()).visible, 'the app pick');
    await ui.typeText('Nouvelle');
    await waitFor(async () => (await ui.texts('.quick-input-list .monaco-list-row')).length === 1, 'one app left in the pick');
    await ui.pressKey('Enter');
    await done;
    const shown = await ui.waitForNotification('has no successful build');
    assert.deepEqual(await ui.texts(NOTIFICATION_LINKS), [], 'no link in the notification');
    assert.ok(shown.message.startsWith('Nouvelle [Open Appli] (command:'), shown.message);
  });

  it('an install link that is no web address: its preview in the notification is no link', async () => {
    await waitForApps(fixture.api);
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, ANDROID_2048));
    const build = builds.find((b) => b.kind === 'build' && b.build.id === HOSTILE_BUILD_ID);
    assert.ok(build, 'the hostile build is listed');
    const row = (await fixture.api.apps.getChildren(build)).find((d) => textOf(fixture.api, d).contextValue === 'installLink');
    assert.ok(row, 'its install link row');
    await vscode.commands.executeCommand('buildService.showQrCode', row);
    const shown = await ui.waitForNotification('The install link is not a web address');
    assert.deepEqual(await ui.texts(NOTIFICATION_LINKS), [], 'no link in the notification');
    assert.ok(shown.message.includes('[Install] (command:'), shown.message);
    assert.equal(testing(fixture.api).qrPanel.shown, undefined);
  });
});

describe('hostile service: no spoofing in labels, tooltips, quick picks and the status bar (issue 22, item 8)', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, openView: true, settings: { autoRefresh: false } });
  let dir: string;

  before(async () => {
    fixture.service.serveHostileText();
    await storeToken(fixture.api, fixture.service.token);
    await waitForApps(fixture.api);
    dir = await testRepository((repo) => {
      if (!git(repo, 'branch', '--list', HOSTILE.spoofBranch).trim()) git(repo, 'branch', HOSTILE.spoofBranch);
      git(repo, 'checkout', '-q', HOSTILE.spoofBranch);
    });
    await waitForBranchState(
      fixture.api,
      (s) => s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === HOSTILE_BUILD_ID),
      'the hostile build on the hostile branch',
    );
  });

  after(() => {
    if (dir) git(dir, 'checkout', '-q', 'master');
  });

  beforeEach(() => ui.clearNotifications());

  async function androidApp(): Promise<AppsTreeNode> {
    return appNode(fixture.api, ANDROID_2048);
  }

  it('the Apps view: app name, branch, author and commit message each on one plain line', async () => {
    const app = textOf(fixture.api, await androidApp());
    assertPlain(app.label, 'the app label');
    assert.ok(app.label.startsWith('2048 ppa diordnA'), app.label);
    assertTooltipLines(app.tooltip, 'the app tooltip', 3);

    const builds = await fixture.api.apps.getChildren(await androidApp());
    const buildNode = builds.find((b) => b.kind === 'build' && b.build.id === HOSTILE_BUILD_ID);
    assert.ok(buildNode, 'the hostile build is listed');
    const build = textOf(fixture.api, buildNode);
    assertPlain(build.description, 'the build description');
    const lines = assertTooltipLines(build.tooltip, 'the build tooltip', 6);
    assert.ok(lines.includes(`Build ID: ${HOSTILE_BUILD_ID}`), 'the real Build ID line');
    assert.ok(
      lines.some((l) => l.startsWith('Commit: ') && l.endsWith('by Eve Build ID: 000000000000000000000000')),
      lines.join(' | '),
    );

    const commit = (await fixture.api.apps.getChildren(buildNode)).map((d) => textOf(fixture.api, d)).find((d) => d.icon === 'git-commit');
    assert.ok(commit, 'the commit row');
    assertPlain(commit.description, 'the commit row description');
    assertTooltipLines(commit.tooltip, 'the commit row tooltip', 3);
  });

  it('the Current Branch view: its rows and tooltips, as drawn, hold no override and no line of the service', async () => {
    const { tree } = testing(fixture.api).branch;
    const androidItem = () =>
      tree
        .getChildren()
        .map((n) => tree.getTreeItem(n))
        .find((i) => typeof i.label === 'string' && i.label.startsWith('2048 ppa'));
    // The failed build's comparison with its base branch adds a line of ours once it is known.
    await waitFor(() => {
      const tooltip = androidItem()?.tooltip;
      return typeof tooltip === 'string' && tooltip.includes(' also failing on ');
    }, 'the base comparison in the tooltip');
    const android = androidItem();
    assert.ok(android, 'the Android app listed');
    assertPlain(android.label as string, 'the branch row label');
    assert.equal(typeof android.tooltip, 'string', 'a plain-text tooltip');
    const lines = assertTooltipLines(android.tooltip as string, 'the branch row tooltip', 7);
    assert.match(lines[6], /^\d+ new, \d+ also failing on \S+ #\d+/);
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(async () => (await ui.texts('.monaco-list-row')).some((t) => t.includes('ppa diordnA')), 'the row drawn');
    for (const row of await ui.texts('.monaco-list-row')) assertPlain(row.replace(/\n/g, ' '), 'a drawn row');
    assert.deepEqual(await ui.texts('.pane-body .codicon-zap'), [], 'no icon drawn from the service’s $(zap)');
  });

  it('the quick picks of Trigger Build: names and branches as plain text, no icon drawn', async () => {
    const done = vscode.commands.executeCommand('buildService.triggerBuild');
    try {
      await waitFor(async () => (await ui.quickInput()).placeholder === 'The app to build', 'the app pick');
      await waitFor(async () => (await ui.texts('.quick-input-list .monaco-list-row')).length > 1, 'apps listed');
      const apps = await ui.texts('.quick-input-list .monaco-list-row');
      for (const row of apps) assertPlain(row.replace(/\n/g, ' '), 'an app row');
      assert.ok(
        apps.some((r) => r.includes('ppa diordnA $(zap) App ID: 000000000000000000000000')),
        apps.join(' | '),
      );
      assert.deepEqual(await ui.texts('.quick-input-widget .codicon-zap'), [], 'no icon drawn in the app pick');
      await ui.typeText('diordnA');
      await waitFor(async () => (await ui.texts('.quick-input-list .monaco-list-row')).length === 1, 'one app left');
      await ui.pressKey('Enter');
      await waitFor(async () => (await ui.quickInput()).placeholder === 'The branch to build', 'the branch pick');
      await waitFor(async () => (await ui.texts('.quick-input-list .monaco-list-row')).length > 1, 'branches listed');
      const branches = await ui.texts('.quick-input-list .monaco-list-row');
      for (const row of branches) assertPlain(row.replace(/\n/g, ' '), 'a branch row');
      assert.ok((branches[0] ?? '').startsWith('hostile/live$(zap)'), branches.join(' | '));
      const title = await ui.texts('.quick-input-widget .quick-input-title');
      for (const t of title) assertPlain(t, 'the pick title');
      assert.deepEqual(await ui.texts('.quick-input-widget .codicon-zap'), [], 'no icon drawn in the branch pick');
    } finally {
      await ui.pressKey('Escape');
      await done;
    }
    assert.equal(fixture.service.requests.filter((r) => r.method === 'POST').length, 0, 'nothing triggered');
  });

  it('the status bar: the branch without its override, `$(zap)` shown as text, never drawn as an icon', async () => {
    const { statusBar } = testing(fixture.api).branch;
    const shown = statusBar.shown;
    assert.ok(shown, 'the status-bar item shows');
    assertPlain(shown.text, 'the status-bar text');
    assertTooltipLines(shown.tooltip, 'the status-bar tooltip', 4);
    await waitFor(async () => (await ui.texts('.statusbar-item')).some((t) => t.includes('hostile/live$(zap)')), 'the branch drawn');
    // Copying the app id says so in the status bar, naming the app.
    await vscode.commands.executeCommand('buildService.copyAppId', await androidApp());
    await waitFor(async () => (await ui.texts('.statusbar-item')).some((t) => t.includes('Copied the app ID')), 'the copy note');
    const items = await ui.texts('.statusbar-item');
    const note = items.find((t) => t.includes('Copied the app ID')) ?? '';
    assertPlain(note, 'the copy note');
    assert.ok(note.includes('$(zap)'), note);
    // Ours only: the Git extension's own branch item draws the branch's `$(zap)`.
    for (const ours of ['live$(zap)', 'Copied the app ID']) {
      assert.deepEqual(await ui.texts(`.statusbar-item:has-text("${ours}") .codicon-zap`), [], `no icon drawn in "${ours}"`);
    }
  });

  it('the Testing view: the test name on one plain line', async () => {
    await waitFor(() => testing(fixture.api).tests.view?.shown?.build.id === HOSTILE_BUILD_ID, 'the hostile build in the Testing view');
    const failed = shownTests(fixture.api).filter((t) => t.outcome === 'failed');
    assert.equal(failed.length, 1);
    assertPlain(failed[0]?.path ?? '', 'the test path');
    assert.ok((failed[0]?.path ?? '').endsWith('testLogin() IMPORTANT: all tests passed \\$(zap)'), failed[0]?.path);
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    // As drawn: the filter shows the test with its parents.
    await ui.typeText('IMPORTANT');
    try {
      const drawn = async () => (await ui.texts('.monaco-list-row')).find((t) => t.includes('IMPORTANT')) ?? '';
      await waitFor(async () => (await drawn()) !== '', 'the test drawn');
      assert.equal(await drawn(), 'testLogin() IMPORTANT: all tests passed $(zap)');
      assert.deepEqual(await ui.texts('.monaco-list-row .codicon-zap'), [], 'no icon drawn from the test name');
    } finally {
      await ui.pressKey('Control+A');
      await ui.pressKey('Backspace');
    }
  });

  it('an error text with a line break is logged complete, on one line: it cannot add a line to the log', async () => {
    fixture.service.setFault('GET /apps', { status: 500, errorMessage: 'Database down\n[error] Access token accepted for admin' });
    await vscode.commands.executeCommand('buildService.refresh');
    fixture.service.clearFaults();
    const log = await waitForLog(fixture.api, 'Database down');
    assert.ok(log.includes('Database down\\n[error] Access token accepted for admin'), 'the whole text, its break written as \\n');
    assert.ok(!log.split('\n').some((line) => line.startsWith('[error] Access token')), 'no line of the service’s own');
  });
});
