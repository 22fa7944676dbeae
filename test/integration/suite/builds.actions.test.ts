// Acting on builds: Cancel Build after a modal confirmation, Copy Build ID, and links from the
// service opened only when they are http(s).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../../src/exports';
import type { RunningService } from '../../service/server';
import { IOS_2048, appNode, requestsTo, setBuildSetting, textOf, waitForApps } from '../buildsFixture';
import { extensionApi, resetSettings, startSidebarService, storeToken, waitFor, waitForLog } from '../sidebarFixture';
import * as ui from '../ui';

describe('builds: actions', () => {
  let api: BuildServiceExports;
  let service: RunningService;

  before(async function () {
    if (!ui.uiProbeAvailable()) this.skip();
    api = await extensionApi();
    service = await startSidebarService(api);
    await storeToken(api, service.token);
    await setBuildSetting('autoRefresh', false);
    await waitForApps(api);
  });
  after(async () => {
    await setBuildSetting('autoRefresh', undefined);
    await storeToken(api, undefined);
    await resetSettings();
    await service?.close();
  });

  const buildsOf = async () => api.apps.getChildren(await appNode(api, IOS_2048));

  it('Cancel Build is offered only on queued and running builds', async () => {
    const values = (await buildsOf()).map((b) => textOf(api, b).contextValue);
    assert.deepEqual(values.slice(0, 2), ['build.queued', 'build.running']);
    const manifest = vscode.extensions.getExtension('buildservice.build-service')?.packageJSON as {
      contributes: { menus: Record<string, { command: string; when: string }[]> };
    };
    const when = manifest.contributes.menus['view/item/context']?.find((m) => m.command === 'buildService.cancelBuild')?.when ?? '';
    const pattern = new RegExp(/viewItem =~ \/(.*)\/$/.exec(when)?.[1] ?? '$^');
    assert.deepEqual(values.filter((v) => pattern.test(v)), ['build.queued', 'build.running']);
  });

  // VS Code's DialogService refuses every dialog while extension tests run ("refused to show dialog
  // in tests"), so the modal confirmation cannot be answered here; left pending until it can be.
  it.skip('asks in a modal dialog; "Cancel Build" there sends one POST and the build shows cancelled', async () => {
    const [queued] = await buildsOf();
    assert.ok(queued && queued.kind === 'build');
    service.clearRequests();
    const done = vscode.commands.executeCommand('buildService.cancelBuild', queued);
    await waitFor(async () => (await ui.texts('.monaco-dialog-box')).length > 0, 'the confirmation dialog');
    assert.equal(requestsTo(service, 'POST /builds/:build_id/cancel').length, 0, 'nothing sent before the answer');
    await ui.click('.monaco-dialog-box .monaco-button', 'Cancel Build');
    await done;
    assert.equal(requestsTo(service, 'POST /builds/:build_id/cancel', queued.build.id).length, 1);
    await waitFor(() => textOf(api, queued).icon === 'circle-slash', 'the node shows cancelled');
  });

  it.skip('dismissing the dialog cancels nothing', async () => {
    const [, running] = await buildsOf();
    assert.ok(running);
    service.clearRequests();
    const done = vscode.commands.executeCommand('buildService.cancelBuild', running);
    await waitFor(async () => (await ui.texts('.monaco-dialog-box')).length > 0, 'the confirmation dialog');
    await ui.pressKey('Escape');
    await done;
    assert.equal(requestsTo(service, 'POST /builds/:build_id/cancel').length, 0);
  });

  it('Copy Build ID', async () => {
    const [first] = await buildsOf();
    assert.ok(first && first.kind === 'build');
    await vscode.commands.executeCommand('buildService.copyBuildId', first);
    assert.equal(await vscode.env.clipboard.readText(), first.build.id);
  });

  for (const bad of ['javascript:alert(1)', 'file:///etc/passwd']) {
    it(`a commit link of ${bad} is refused, from the menu and from the details`, async () => {
      const shown = (await buildsOf()).find((b) => b.kind === 'build' && b.build.finished);
      const target = service.data.builds.find((b) => shown?.kind === 'build' && b._id === shown.build.id);
      assert.ok(target);
      target.commit_info.html_url = bad;
      const node = (await buildsOf()).find((b) => b.kind === 'build' && b.build.id === target._id);
      assert.ok(node);
      await ui.clearNotifications();
      await vscode.commands.executeCommand('buildService.openCommit', node);
      await ui.waitForNotification('opens only http:// and https:// links');
      await waitForLog(api, `Refused to open a link that is not http or https: ${bad}`);
      const commitRow = (await api.apps.getChildren(node))[0];
      assert.ok(commitRow);
      const { command } = textOf(api, commitRow);
      assert.equal(command?.command, 'buildService.openBuildLink');
      assert.notEqual(textOf(api, commitRow).tooltip, '', 'a plain string tooltip, never Markdown');
      await ui.clearNotifications();
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
      await ui.waitForNotification('opens only http:// and https:// links');
    });
  }
});
