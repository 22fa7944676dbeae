// One whole flow with the keyboard alone, keys sent through the browser as a user types them: set the
// token, move to an app and expand it, open a build's details, trigger a build. At each step the row
// the keyboard is on is announced in words.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf, waitForApps } from '../appsView';
import { storeToken } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('accessibility: the keyboard alone', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, settings: { autoRefresh: false } });

  /** F1, the command's name, Enter: the command palette as a keyboard user runs a command. */
  async function runCommand(title: string): Promise<void> {
    await ui.pressKeyHere('F1');
    await waitFor(async () => (await ui.quickInput()).visible, 'the command palette');
    await ui.typeText(title);
    await waitFor(
      async () => (await ui.texts('.quick-input-list .monaco-list-row.focused')).some((t) => t.includes(title)),
      `${title} offered`,
    );
    await ui.pressKey('Enter');
  }

  /** Moves down in the focused tree until the row announced starts with `start`. */
  async function downTo(start: string, presses = 30): Promise<string> {
    for (let i = 0; i < presses; i++) {
      const row = (await ui.focus()).row;
      if (row?.ariaLabel.startsWith(start)) return row.ariaLabel;
      await ui.pressKeyHere('ArrowDown');
    }
    throw new Error(`no row announced as "${start}…" within ${presses} presses; on ${JSON.stringify((await ui.focus()).row)}`);
  }

  const rowsDrawn = async (start: string) =>
    (await ui.elements('.sidebar .monaco-list-row', ['aria-label'])).some((r) => r.attributes['aria-label']?.startsWith(start));

  it('sets the token, expands an app, opens a build and triggers one, never touching the mouse', async function () {
    this.timeout(90_000);
    fixture.service.clearRequests();

    await runCommand('Build Service: Set Access Token');
    await waitFor(async () => (await ui.quickInput()).password, 'the token box');
    await ui.typeText(fixture.service.token);
    await ui.pressKey('Enter');
    await ui.waitForNotification('Access token saved.');

    await runCommand('Build Service: Focus on Apps View');
    await waitFor(async () => (await ui.focus()).view.startsWith('Apps'), 'the focus in the Apps view', 10_000);
    await waitFor(() => rowsDrawn('2048 iOS App'), 'the apps drawn');
    await ui.pressKeyHere('Home');
    assert.equal(await downTo('2048 iOS App'), '2048 iOS App, iOS app');

    await ui.pressKeyHere('ArrowRight');
    await waitFor(() => rowsDrawn('Queued, build 12'), 'the builds drawn');
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048).length, 1);
    await ui.pressKeyHere('ArrowDown');
    assert.match((await ui.focus()).row?.ariaLabel ?? '', /^Queued, build 12 of /);

    const failed = await downTo('Failed, build');
    await ui.pressKeyHere('ArrowRight');
    await waitFor(() => rowsDrawn('Commit by '), 'the details drawn');
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id/tests').length, 1, `the details of ${failed}`);
    await ui.pressKeyHere('ArrowDown');
    assert.match((await ui.focus()).row?.ariaLabel ?? '', /^Commit by /);

    fixture.service.clearRequests();
    await runCommand('Build Service: Trigger Build');
    await waitFor(async () => (await ui.quickInput()).placeholder === 'The app to build', 'the app pick');
    await ui.typeText('2048 iOS App');
    await ui.pressKey('Enter');
    await waitFor(async () => (await ui.quickInput()).placeholder === 'The branch to build', 'the branch pick');
    await ui.typeText('develop');
    await waitFor(
      async () => (await ui.texts('.quick-input-list .monaco-list-row.focused')).some((t) => t.startsWith('develop')),
      'develop offered',
    );
    await ui.pressKey('Enter');
    await waitFor(() => fixture.service.requests.some((r) => r.method === 'POST'), 'the build triggered');
    const post = fixture.service.requests.find((r) => r.method === 'POST');
    assert.equal(post?.rawPath, `/apps/${IOS_2048}/build`);
    assert.deepEqual(JSON.parse(post?.body ?? ''), { branch: 'develop' });
  });

  it('the QR page: the link is on it as text, and Enter copies it (the Copy Link button has the focus)', async function () {
    this.timeout(30_000);
    await storeToken(fixture.api, fixture.service.token);
    await waitForApps(fixture.api);
    const build = fixture.service.data.builds
      .filter((b) => b.app_id === IOS_2048 && b.build_status === 'success' && b.links.install[0])
      .sort((a, b) => b.build_number - a.build_number)[0];
    assert.ok(build);
    const url = build.links.install[0]?.url ?? '';
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048));
    const node = builds.find((b) => b.kind === 'build' && b.build.id === build._id);
    assert.ok(node);
    const row = (await fixture.api.apps.getChildren(node)).find((d) => textOf(fixture.api, d).contextValue === 'installLink');
    assert.ok(row);
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('buildService.showQrCode', row);
    // Until the page has loaded in its frame, Enter reaches nothing; then it presses the focused button.
    await waitFor(async () => {
      await ui.pressKeyHere('Enter');
      return (await vscode.env.clipboard.readText()) === url;
    }, 'the link copied with Enter');
    await waitFor(async () => (await ui.texts('.statusbar-item')).some((t) => t.includes('Copied the install link')), 'the copy note');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
