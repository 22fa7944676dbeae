// Settings: a change refreshes the view, invalid values get a message naming the setting, and links
// open only http(s) addresses.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { startService, type RunningService } from '../../service/server';
import { shownItems } from '../appsView';
import { storeTokenFor } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting, waitForAddressNotice } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('sidebar: settings', () => {
  const fixture = useReferenceService({ token: true, openView: true, waitForApps: true });
  /** A second service, for switching the address to. */
  let other: RunningService;
  before(async () => {
    other = await startService();
  });
  after(() => other.close());
  beforeEach(() => ui.clearNotifications());

  it('changing buildService.baseUrl reloads the open view from the new address', async () => {
    other.setApps([{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', app_name: 'Only on the other service', platform: 'ios' }]);
    other.clearRequests();
    await storeTokenFor(fixture.api, other.baseUrl, other.token); // an address with its own token
    await setSetting('baseUrl', other.baseUrl);
    // No getChildren from the test: the visible view asks by itself once the change fires.
    await waitFor(() => other.requests.some((r) => r.rawPath === '/apps'), 'a request to the new address');
    assert.deepEqual(
      (await shownItems(fixture.api)).map((i) => i.label),
      ['Only on the other service'],
    );
  });

  it('an invalid address: a message naming the setting, and an error node that opens it', async () => {
    await setSetting('baseUrl', 'ftp://builds.example.com/v1');
    const shown = await ui.waitForNotification('buildService.baseUrl');
    assert.deepEqual(shown, {
      message: 'The setting buildService.baseUrl is not valid: it must start with https:// or http://, not ftp://.',
      severity: 'warning',
      actions: ['Open Settings'],
    });
    // The node says what the notification says, and its click opens the same setting.
    const [node] = await shownItems(fixture.api);
    assert.deepEqual(
      [node?.label, node?.tooltip, node?.command?.command, node?.command?.arguments],
      [
        'The service address is not valid',
        `${shown.message}\nClick to open settings.`,
        'buildService.openSettings',
        ['buildService.baseUrl'],
      ],
    );
  });

  it('an address without /v1 is refused the same way', async () => {
    await setSetting('baseUrl', fixture.service.baseUrl.replace(/\/v1$/, ''));
    const shown = await ui.waitForNotification('buildService.baseUrl');
    assert.match(shown.message, /^The setting buildService\.baseUrl is not valid: it must end in the API version segment \/v1/);
  });

  it('a timeout out of range names the setting and the range', async () => {
    await setSetting('requestTimeoutSeconds', 0);
    const shown = await ui.waitForNotification('buildService.requestTimeoutSeconds');
    assert.equal(shown.message, 'The setting buildService.requestTimeoutSeconds is not valid: it must be between 1 and 300 seconds.');
  });

  it("buildService.requestTimeoutSeconds and downloadSizeLimitMB take the user's value only: a workspace's is ignored", async () => {
    // Written into the .code-workspace file as a workspace someone hands you would carry them (VS Code
    // refuses to write them there itself); editor.tabSize shows when VS Code has read the file.
    const file = vscode.workspace.workspaceFile;
    assert.ok(file?.scheme === 'file', 'the tests run in a .code-workspace window');
    const original = readFileSync(file.fsPath, 'utf8');
    const workspace = (settings: Record<string, unknown>) => {
      writeFileSync(file.fsPath, JSON.stringify({ ...JSON.parse(original), settings }, null, 2));
      return waitFor(() => vscode.workspace.getConfiguration('editor').get('tabSize') === settings['editor.tabSize'], 'the workspace read');
    };
    try {
      // A workspace that shortens the timeout to 1 s, while the service takes 1.5 s to answer.
      await workspace({ 'editor.tabSize': 7, 'buildService.requestTimeoutSeconds': 1 });
      fixture.service.setFault('GET /apps', { delayBeforeHeadersMs: 1500, times: 1 });
      fixture.service.clearRequests();
      await fixture.api.apps.refresh();
      const labels = (await shownItems(fixture.api)).map((i) => i.label);
      assert.equal(labels.length, fixture.service.data.apps.length, `the apps, not a timeout: ${labels.join(' | ')}`);
      assert.equal(fixture.service.requestsTo('GET /apps').length, 1, 'answered the first time, not retried');
      // Values a user setting could not hold are not even read, so nothing is said about them.
      await workspace({ 'editor.tabSize': 5, 'buildService.requestTimeoutSeconds': 0, 'buildService.downloadSizeLimitMB': 0 });
      await fixture.api.apps.refresh();
      const said = (await ui.notificationsAfter(500)).map((n) => n.message);
      assert.ok(!said.some((m) => m.includes('is not valid')), said.join(' | '));
    } finally {
      writeFileSync(file.fsPath, original);
      await waitFor(() => vscode.workspace.getConfiguration('editor').get('tabSize') !== 5, 'the workspace as it was');
    }
  });

  it('a dashboard address that is not http(s) is refused, and never opened', async () => {
    await setSetting('dashboardUrl', 'javascript:alert(1)');
    const shown = await ui.waitForNotification('buildService.dashboardUrl');
    assert.equal(shown.message, 'The setting buildService.dashboardUrl is not valid: only http:// and https:// addresses can be opened.');
    await ui.clearNotifications();
    await vscode.commands.executeCommand('buildService.openDashboard');
    const explained = await ui.waitForNotification('To open the dashboard');
    assert.deepEqual(explained.actions, ['Open Settings']);
  });

  it('Open Dashboard and Open Status Page without addresses explain which setting to set', async () => {
    await vscode.commands.executeCommand('buildService.openStatusPage');
    await waitForAddressNotice('the status page', 'buildService.statusUrl');
  });
});
