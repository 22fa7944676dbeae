// Signed out: no service address, then an address but no token. The view shows the welcome content
// that fixes it, and nothing is sent to the service.
import * as assert from 'node:assert/strict';
import type { BuildServiceExports } from '../../../src/exports';
import type { RunningService } from '../../service/server';
import { openAppsView, shownItems, welcomeTexts } from '../appsView';
import { extensionApi } from '../extension';
import { startSidebarService } from '../harness';
import { resetSettings, setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('sidebar: signed out', () => {
  let api: BuildServiceExports;
  let service: RunningService;

  before(async () => {
    api = await extensionApi();
    service = await startSidebarService(api);
    await openAppsView();
  });
  after(async () => {
    await resetSettings();
    await service.close();
  });

  it('no service address: empty view, a button to configure it, nothing sent', async () => {
    await setSetting('baseUrl', undefined);
    service.clearRequests();
    assert.deepEqual(await shownItems(api), []);
    await waitFor(async () => (await welcomeTexts()).includes('Configure Service Address'), 'the configure button');
    const texts = await welcomeTexts();
    assert.ok(texts.some((t) => t.startsWith('No build service address is set.')), texts.join(' | '));
    assert.equal(service.requests.length, 0);
  });

  it('an address but no token: "Set Access Token" and a link to the dashboard\'s access-token page, nothing sent', async () => {
    await setSetting('baseUrl', service.baseUrl);
    service.clearRequests();
    assert.deepEqual(await shownItems(api), []);
    await waitFor(async () => (await welcomeTexts()).includes('Set Access Token'), 'the Set Access Token button');
    const texts = await welcomeTexts();
    assert.ok(texts.includes("the dashboard's access-token page"), texts.join(' | '));
    assert.equal(service.requests.length, 0);
  });

  it('the dashboard link without a dashboard address says which setting to set', async () => {
    await ui.clearNotifications();
    await ui.click('.welcome-view-content a', "the dashboard's access-token page");
    const shown = await ui.waitForNotification('buildService.dashboardUrl');
    assert.deepEqual(shown, {
      message: 'To open the dashboard, set buildService.dashboardUrl to its address.',
      severity: 'info',
      actions: ['Open Settings'],
    });
    await ui.clearNotifications();
  });
});
