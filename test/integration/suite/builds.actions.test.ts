// Acting on builds: Cancel Build after a confirming warning notification, Copy Build ID, and links
// from the service opened only when they are http(s).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { contributes, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('builds: actions', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, settings: { autoRefresh: false }, waitForApps: true });

  const buildsOf = async () => fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048));

  it('Cancel Build is offered only on queued and running builds', async () => {
    const values = (await buildsOf()).map((b) => textOf(fixture.api, b).contextValue);
    assert.deepEqual(values.slice(0, 2), ['build.queued', 'build.running']);
    const when = contributes().menus?.['view/item/context']?.find((m) => m.command === 'buildService.cancelBuild')?.when ?? '';
    const pattern = new RegExp(/viewItem =~ \/(.*)\/$/.exec(when)?.[1] ?? '$^');
    assert.deepEqual(
      values.filter((v) => pattern.test(v)),
      ['build.queued', 'build.running'],
    );
  });

  /** The question the notification asks about this build: "Cancel build #12 of 2048 iOS App on main?". */
  const questionFor = async (node: AppsTreeNode): Promise<string> => {
    assert.ok(node.kind === 'build');
    const app = textOf(fixture.api, await appNode(fixture.api, IOS_2048)).label;
    const where = node.build.commit.branch ? ` on ${node.build.commit.branch}` : '';
    return `Cancel build ${textOf(fixture.api, node).label} of ${app}${where}?`;
  };

  it('asks in a warning notification; its "Cancel Build" sends one POST and the build shows cancelled', async () => {
    const queued = (await buildsOf()).find((b) => textOf(fixture.api, b).contextValue === 'build.queued');
    assert.ok(queued && queued.kind === 'build');
    const question = await questionFor(queued);
    await ui.clearNotifications();
    fixture.service.clearRequests();
    const done = vscode.commands.executeCommand('buildService.cancelBuild', queued);
    const shown = await ui.waitForNotification(question);
    assert.equal(shown.message, question);
    assert.equal(shown.severity, 'warning');
    assert.ok(shown.actions.includes('Cancel Build'), `buttons: ${shown.actions.join(', ')}`);
    assert.equal(fixture.service.requestsTo('POST /builds/:build_id/cancel').length, 0, 'nothing sent before the answer');
    await ui.clickNotificationAction(question, 'Cancel Build');
    await done;
    assert.equal(fixture.service.requestsTo('POST /builds/:build_id/cancel').length, 1, 'exactly one cancel request');
    assert.equal(fixture.service.requestsTo('POST /builds/:build_id/cancel', `/builds/${queued.build.id}/cancel`).length, 1);
    await waitFor(() => textOf(fixture.api, queued).icon === 'circle-slash', 'the node shows cancelled');
    await fixture.api.apps.refresh();
    const reloaded = (await buildsOf()).find((b) => b.kind === 'build' && b.build.id === queued.build.id);
    assert.ok(reloaded, 'the build is still listed after a refresh');
    assert.equal(textOf(fixture.api, reloaded).contextValue, 'build.cancelled');
    assert.equal(textOf(fixture.api, reloaded).icon, 'circle-slash');
  });

  it('closing the notification without an answer cancels nothing', async () => {
    const running = (await buildsOf()).find((b) => textOf(fixture.api, b).contextValue === 'build.running');
    assert.ok(running && running.kind === 'build');
    const question = await questionFor(running);
    await ui.clearNotifications();
    fixture.service.clearRequests();
    const done = vscode.commands.executeCommand('buildService.cancelBuild', running);
    await ui.waitForNotification(question);
    await ui.clearNotifications();
    await done;
    assert.equal(fixture.service.requestsTo('POST /builds/:build_id/cancel').length, 0);
    assert.equal(textOf(fixture.api, running).contextValue, 'build.running');
  });

  it('Copy Build ID', async () => {
    const [first] = await buildsOf();
    assert.ok(first && first.kind === 'build');
    await vscode.commands.executeCommand('buildService.copyBuildId', first);
    assert.equal(await vscode.env.clipboard.readText(), first.build.id);
  });

  it('Copy Build Number', async () => {
    const [first] = await buildsOf();
    assert.ok(first && first.kind === 'build' && first.build.buildNumber !== undefined);
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('buildService.copyBuildNumber', first);
    assert.equal(await vscode.env.clipboard.readText(), String(first.build.buildNumber));
  });

  for (const bad of ['javascript:alert(1)', 'file:///etc/passwd']) {
    it(`a commit link of ${bad} is refused, from the menu and from the details`, async () => {
      const shown = (await buildsOf()).find((b) => b.kind === 'build' && b.build.finished);
      const target = fixture.service.data.builds.find((b) => shown?.kind === 'build' && b._id === shown.build.id);
      assert.ok(target);
      target.commit_info.html_url = bad;
      const node = (await buildsOf()).find((b) => b.kind === 'build' && b.build.id === target._id);
      assert.ok(node);
      await ui.clearNotifications();
      await vscode.commands.executeCommand('buildService.openCommit', node);
      await ui.waitForNotification('opens only http:// and https:// links');
      await waitForLog(fixture.api, `Refused to open a link that is not http or https: ${bad}`);
      const commitRow = (await fixture.api.apps.getChildren(node))[0];
      assert.ok(commitRow);
      const { command } = textOf(fixture.api, commitRow);
      assert.equal(command?.command, 'buildService.openBuildLink');
      assert.notEqual(textOf(fixture.api, commitRow).tooltip, '', 'a plain string tooltip, never Markdown');
      await ui.clearNotifications();
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
      await ui.waitForNotification('opens only http:// and https:// links');
    });
  }
});
