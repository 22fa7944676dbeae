// The QR code of a build's install link: from its row in the Apps view, from the Current Branch view,
// and from the palette; decoded back from the panel's own HTML with an independent decoder (jsQR).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { decodeQrSvg } from '../../qrDecode';
import { newestSuccess } from '../../service/data';
import type { Build as WireBuild } from '../../service/server';
import { ANDROID_2048, IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { testing, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('editor: install a build with a QR code', () => {
  const fixture = useReferenceService({ token: true, checkout: 'develop', waitForApps: true, settings: { autoRefresh: false } });

  async function installRow(build: WireBuild): Promise<AppsTreeNode> {
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048));
    const node = builds.find((b) => b.kind === 'build' && b.build.id === build._id);
    assert.ok(node, `build #${build.build_number} listed`);
    const row = (await fixture.api.apps.getChildren(node)).find((d) => textOf(fixture.api, d).contextValue === 'installLink');
    assert.ok(row, 'an install link row');
    return row;
  }

  function iosSuccess(): WireBuild {
    const build = newestSuccess(fixture.service.data, IOS_2048);
    assert.ok(build && build.links.install[0]);
    return build;
  }

  it('Show QR Code on an install link row: a panel whose code decodes to exactly that URL, with a strict CSP', async () => {
    const build = iosSuccess();
    const url = build.links.install[0].url;
    await vscode.commands.executeCommand('buildService.showQrCode', await installRow(build));
    const shown = testing(fixture.api).qrPanel.shown;
    assert.equal(shown?.url, url);
    assert.equal(decodeQrSvg(shown.html), url);
    assert.match(
      shown.html,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-[^']+'; script-src 'nonce-[^']+'">/,
    );
    assert.ok(shown.html.includes(`<p class="url" id="url">${url.replace(/&/g, '&amp;')}</p>`));
    assert.ok(shown.html.includes('>Copy Link</button>'));
    // A panel tab opened in the editor area.
    await waitFor(() => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.label === shown.title)), 'the panel tab');
  });

  it('a javascript: install link is refused with a clear message, and no code is drawn', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const build = iosSuccess();
    build.links.install = [{ name: 'm2048 - Release', url: 'javascript:alert(document.cookie)' }];
    await fixture.api.apps.refresh();
    await vscode.commands.executeCommand('buildService.showQrCode', await installRow(build));
    assert.equal(testing(fixture.api).qrPanel.shown, undefined);
    const message = 'Build Service makes QR codes only for http:// and https:// links; this install link (javascript:…) was refused.';
    await waitForLog(fixture.api, `No QR code: ${message}`);
    if (ui.uiProbeAvailable()) await ui.waitForNotification(message);
    await ui.clearNotifications().catch(() => undefined);
  });

  it("on the Current Branch's failed build: the QR code of the branch's latest successful build", async () => {
    const { tree } = testing(fixture.api).branch;
    const node = tree.nodeOf();
    assert.ok(node && node.app.id === IOS_2048 && node.build?.status === 'failed', 'develop shows the failed iOS build first');
    const success = newestSuccess(fixture.service.data, IOS_2048, 'develop');
    assert.ok(success);
    fixture.service.clearRequests();
    await vscode.commands.executeCommand('buildService.showQrCode', node);
    const asked = fixture.service.requestsTo('GET /apps/:app_id/build/latest', IOS_2048);
    assert.equal(asked.length, 1);
    assert.deepEqual(asked[0]?.query, { branch: 'develop', status: 'success' });
    const shown = testing(fixture.api).qrPanel.shown;
    assert.equal(shown?.url, success.links.install[0]?.url);
    assert.equal(decodeQrSvg(shown.html), success.links.install[0]?.url);
    assert.equal(shown.title, `Install 2048 iOS App #${success.build_number} (${success.links.install[0]?.name})`);
  });

  it('Install Latest Build on Device… asks which app of this repository, then shows its latest successful develop build', async function () {
    if (!ui.uiProbeAvailable()) this.skip();
    // The last test's panel would take the focus back from the quick pick as it loads.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ui.clearNotifications();
    const done = vscode.commands.executeCommand('buildService.installLatestBuild');
    await waitFor(async () => (await ui.quickInput()).visible, 'the app pick');
    await ui.typeText('2048 Android');
    await ui.pressKey('Enter');
    await done;
    const success = newestSuccess(fixture.service.data, ANDROID_2048, 'develop');
    assert.ok(success);
    const shown = testing(fixture.api).qrPanel.shown;
    assert.equal(decodeQrSvg(shown?.html ?? ''), success.links.install[0]?.url);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
