// What the user is shown when loading the apps fails: the exact toast, its buttons, the error node
// left in the view, and the details in the log (never the token).
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { shownItems } from '../appsView';
import { readLog, storeToken, storeTokenFor, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting, waitForAddressNotice } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const UNAUTHORIZED_ACTIONS = ['Set Access Token', 'Open Dashboard'];

describe('sidebar: errors', () => {
  const fixture = useReferenceService({ token: true, openView: true, waitForApps: true });
  beforeEach(async () => {
    fixture.service.clearFaults();
    await ui.clearNotifications();
  });

  describe('401', () => {
    for (const serverMessage of ['No authorization token was found', 'Invalid authorization token']) {
      it(`"${serverMessage}": one error toast with the service's message, not repeated on refresh`, async () => {
        await fixture.api.apps.refresh(); // a success first: it resets what was already reported
        fixture.service.setFault('GET /apps', { status: 401, errorMessage: serverMessage });
        await fixture.api.apps.refresh();
        const shown = await ui.waitForNotification(serverMessage);
        assert.deepEqual(shown, {
          message: `${serverMessage}. Set a personal access token from the dashboard.`,
          severity: 'error',
          actions: UNAUTHORIZED_ACTIONS,
        });
        const [node] = await shownItems(fixture.api);
        assert.deepEqual(
          [node?.label, node?.description, node?.icon, node?.command?.command],
          [`${serverMessage}.`, 'Set Access Token', 'error', 'buildService.setAccessToken'],
        );

        // Same error, same token: the refresh happens, the toast does not come back.
        await ui.clearNotifications();
        const before = fixture.service.requests.length;
        await fixture.api.apps.refresh();
        assert.ok(fixture.service.requests.length > before);
        assert.deepEqual(await ui.notificationsAfter(1500), []);
        await waitForLog(fixture.api, 'not notifying again');
      });
    }

    it('a new token shows it again', async () => {
      await fixture.api.apps.refresh();
      fixture.service.setFault('GET /apps', { status: 401, errorMessage: 'Invalid authorization token' });
      await fixture.api.apps.refresh();
      await ui.waitForNotification('Invalid authorization token');
      await ui.clearNotifications();
      await storeToken(fixture.api, 'another-token');
      await waitFor(async () => {
        await fixture.api.apps.refresh();
        return fixture.service.requests.at(-1)?.headers.authorization === 'Bearer another-token';
      }, 'the new token in use');
      await ui.waitForNotification('Invalid authorization token');
      await storeToken(fixture.api, fixture.service.token);
    });
  });

  for (const status of [503, 504]) {
    it(`${status}: one warning toast, "temporarily unavailable", with Open Status Page and Retry`, async () => {
      fixture.service.setFault('GET /apps', { status });
      await fixture.api.apps.refresh();
      const shown = await ui.waitForNotification('temporarily unavailable');
      assert.deepEqual(shown, {
        message: `The build service is temporarily unavailable (${status}). Check its status page or try again in a few minutes.`,
        severity: 'warning',
        actions: ['Open Status Page', 'Retry'],
      });
      const [node] = await shownItems(fixture.api);
      assert.deepEqual([node?.label, node?.description, node?.icon], ['Service temporarily unavailable', 'Retry', 'warning']);
    });
  }

  it('Retry reloads; Open Status Page without an address says which setting to set', async () => {
    fixture.service.setFault('GET /apps', { status: 503 });
    await fixture.api.apps.refresh();
    await ui.clickNotificationAction('temporarily unavailable', 'Open Status Page');
    await waitForAddressNotice('the status page', 'buildService.statusUrl');
    await ui.clearNotifications();

    await fixture.api.apps.refresh();
    fixture.service.clearFaults();
    await ui.clickNotificationAction('temporarily unavailable', 'Retry');
    await waitFor(async () => (await shownItems(fixture.api)).every((i) => i.contextValue === 'app'), 'the apps after Retry');
  });

  /** Loads with a fault and returns the toast, which must offer Show Log only. */
  async function expectShowLog(messageContains: string): Promise<string> {
    await fixture.api.apps.refresh();
    const shown = await ui.waitForNotification(messageContains);
    assert.equal(shown.severity, 'error');
    assert.deepEqual(shown.actions, ['Show Log']);
    const [node] = await shownItems(fixture.api);
    assert.deepEqual([node?.icon, node?.description, node?.command?.command], ['error', 'Show Log', 'buildService.showLog']);
    return shown.message;
  }

  it('network failure: a clear sentence with Show Log; the details in the log', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((r) => closed.close(r));
    await storeTokenFor(fixture.api, `http://127.0.0.1:${port}/v1`, fixture.service.token);
    await setSetting('baseUrl', `http://127.0.0.1:${port}/v1`);
    const message = await expectShowLog('Could not connect');
    assert.equal(message, 'Could not connect to the build service. Check the buildService.baseUrl setting and your network connection.');
    await waitForLog(fixture.api, /GET \/apps failed: network in \d+ ms/);
  });

  it('a dropped connection is a network failure too', async () => {
    fixture.service.setFault('GET /apps', { dropConnection: true });
    assert.match(await expectShowLog('Could not connect'), /^Could not connect/);
  });

  it('timeout: names the time and the setting', async () => {
    await setSetting('requestTimeoutSeconds', 1);
    fixture.service.setFault('GET /apps', { delayBeforeHeadersMs: 3000 });
    const message = await expectShowLog('did not answer');
    assert.equal(message, 'The build service did not answer within 1 second (buildService.requestTimeoutSeconds).');
  });

  it('invalid reply (not JSON, or the wrong shape)', async () => {
    fixture.service.setFault('GET /apps', { invalidJson: true });
    assert.equal(await expectShowLog('cannot read'), 'The build service sent an answer this extension cannot read.');
    await ui.clearNotifications();
    fixture.service.setFault('GET /apps', { wrongShape: true });
    assert.equal(await expectShowLog('cannot read'), 'The build service sent an answer this extension cannot read.');
  });

  const statusCases: [number, string][] = [
    [400, 'The build service refused the request as malformed (400).'],
    [404, 'The build service answered "not found" (404). Check that buildService.baseUrl is the service\'s /v1 address.'],
    [500, 'The build service had an internal error (500). Try again later.'],
  ];
  for (const [status, text] of statusCases) {
    it(`${status}: a sentence with Show Log, the status and server message in the log`, async () => {
      fixture.service.setFault('GET /apps', { status, errorMessage: `server detail ${status}` });
      assert.equal(await expectShowLog(`(${status})`), text);
      await waitForLog(fixture.api, new RegExp(`GET /apps ${status} in \\d+ ms.*server said "server detail ${status}"`));
    });
  }

  it('the log records every request (method, path, status, duration) and never the token', async () => {
    await fixture.api.apps.refresh();
    const log = await waitForLog(fixture.api, /GET \/apps 200 in \d+ ms/);
    assert.ok(!log.includes(fixture.service.token), 'the token is in the log');
    assert.ok(!(await readLog(fixture.api)).includes('another-token'));
  });
});
