// Signed out: no service address, then an address but no token. The view shows the welcome content
// that fixes it, and nothing is sent to the service.
import * as assert from 'node:assert/strict';
import { shownItems, welcomeTexts } from '../appsView';
import { useReferenceService } from '../harness';
import { setSetting, waitForAddressNotice } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('sidebar: signed out', () => {
  const fixture = useReferenceService({ openView: true });

  it('no service address: empty view, a button to configure it, nothing sent', async () => {
    await setSetting('baseUrl', undefined);
    fixture.service.clearRequests();
    assert.deepEqual(await shownItems(fixture.api), []);
    await waitFor(async () => (await welcomeTexts()).includes('Configure Service Address'), 'the configure button');
    const texts = await welcomeTexts();
    assert.ok(
      texts.some((t) => t.startsWith('No build service address is set.')),
      texts.join(' | '),
    );
    assert.equal(fixture.service.requests.length, 0);
  });

  it('an address but no token: "Set Access Token" and a link to the dashboard\'s access-token page, nothing sent', async () => {
    fixture.service.clearRequests();
    assert.deepEqual(await shownItems(fixture.api), []);
    await waitFor(async () => (await welcomeTexts()).includes('Set Access Token'), 'the Set Access Token button');
    const texts = await welcomeTexts();
    assert.ok(texts.includes("the dashboard's access-token page"), texts.join(' | '));
    assert.equal(fixture.service.requests.length, 0);
  });

  it('the dashboard link without a dashboard address says which setting to set', async () => {
    await ui.clearNotifications();
    await ui.click('.welcome-view-content a', "the dashboard's access-token page");
    await waitForAddressNotice('the dashboard', 'buildService.dashboardUrl');
    await ui.clearNotifications();
  });
});
