// VS Code's own network settings, end to end in the real host: a real forward proxy on 127.0.0.1
// (the only place builds.service.invalid resolves), an HTTPS reference service with a certificate
// from a CA made here, the toasts and tree a user sees for 407 and certificate failures, and the
// warning before the token goes to an unencrypted address.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../../src/exports';
import { createTestCa, type TestCa } from '../../network/certificates';
import { type ForwardProxy, startForwardProxy } from '../../network/forwardProxy';
import { type RunningService, startService } from '../../service/server';
import * as ui from '../ui';
import { openAppsView, refreshUntil as refreshUntilShown, shownItems } from '../appsView';
import { extensionApi, storeToken, storeTokenFor, waitForLog } from '../extension';
import { resetSettings, setHttp, setSetting } from '../settings';

const HIDDEN_HOST = 'builds.service.invalid';
const HTTP_SETTINGS = ['proxy', 'proxyAuthorization', 'noProxy', 'proxyStrictSSL', 'proxySupport', 'systemCertificates'];
const BASIC = `Basic ${Buffer.from('bob:pa55').toString('base64')}`;

describe('network: proxies, certificates and unencrypted addresses', function () {
  this.timeout(60_000);
  let api: BuildServiceExports;
  let ca: TestCa;
  let secure: RunningService; // https://builds.service.invalid:PORT, through the proxies only
  let plain: RunningService; // http://builds.service.invalid:PORT, through the proxies only
  let proxy: ForwardProxy;
  let authProxy: ForwardProxy;
  const savedExtraCa = process.env.NODE_EXTRA_CA_CERTS;

  const refreshUntil = (what: string, check: (labels: string[]) => boolean) => refreshUntilShown(api, what, check);

  before(async () => {
    api = await extensionApi();
    ca = createTestCa();
    process.env.NODE_EXTRA_CA_CERTS = ca.certFile;
    secure = await startService({ tls: ca.issue([HIDDEN_HOST]), publicHost: HIDDEN_HOST });
    plain = await startService({ publicHost: HIDDEN_HOST });
    const names = { [HIDDEN_HOST]: Number(new URL(secure.baseUrl).port) };
    proxy = await startForwardProxy({ names });
    authProxy = await startForwardProxy({ names, basicAuth: { user: 'bob', password: 'pa55' } });
    await setHttp('proxy', proxy.url); // first: without it the address cannot be reached at all
    await storeTokenFor(api, secure.baseUrl, secure.token);
    await setSetting('baseUrl', secure.baseUrl);
    await openAppsView();
    await refreshUntil('apps through the proxy', (labels) => labels.length > 1);
  });
  after(async () => {
    for (const name of HTTP_SETTINGS) await setHttp(name, undefined);
    await vscode.commands.executeCommand('buildService.forgetUnencryptedChoices');
    await storeToken(api, undefined);
    await resetSettings();
    if (savedExtraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = savedExtraCa;
    await Promise.all([secure.close(), plain.close(), proxy.close(), authProxy.close()]);
  });
  beforeEach(async () => {
    await ui.clearNotifications();
  });

  it('http.proxy is followed at once (no reload); http.proxySupport "off" goes direct and cannot reach the hidden host', async () => {
    await refreshUntil('apps through the proxy', (labels) => labels.length > 1);
    assert.ok(proxy.tunnels.some((t) => t.target.startsWith(`${HIDDEN_HOST}:`)));
    await waitForLog(api, `go through proxy http://127.0.0.1:${proxy.port}`);

    await setHttp('proxySupport', 'off');
    await refreshUntil('the error node once the proxy is off', (labels) => labels[0] === 'Cannot reach the service');
    await ui.waitForNotification('Could not connect to the build service');
    await setHttp('proxySupport', undefined);
    await refreshUntil('apps again', (labels) => labels.length > 1);
  });

  it('a 407: a toast about proxy authentication with Open Proxy Settings; http.proxyAuthorization then fixes it without a reload', async () => {
    await setHttp('proxy', authProxy.url);
    await refreshUntil('the 407 error node', (labels) => labels[0] === 'Proxy authentication required');
    const shown = await ui.waitForNotification('proxy requires authentication');
    assert.equal(shown.severity, 'error');
    assert.deepEqual(shown.actions, ['Open Proxy Settings', 'Show Log']);
    assert.doesNotMatch(shown.message, /unavailable|access token/i);
    const [node] = await shownItems(api);
    assert.equal(node.command?.command, 'buildService.openProxySettings');

    await setHttp('proxyAuthorization', BASIC);
    await refreshUntil('apps with the proxy credentials', (labels) => labels.length > 1);
    assert.equal(authProxy.tunnels.at(-1)?.authorization, BASIC);
    await setHttp('proxyAuthorization', undefined);
  });

  it('an untrusted certificate: a toast that says so and how to fix it; nothing reaches the service', async () => {
    await setHttp('proxy', proxy.url);
    delete process.env.NODE_EXTRA_CA_CERTS;
    await setHttp('systemCertificates', false); // a settings change builds a new client, which reads the trust again
    await setHttp('systemCertificates', true);
    secure.clearRequests();
    await refreshUntil('the certificate error node', (labels) => labels[0] === 'Certificate not accepted');
    const shown = await ui.waitForNotification('is not trusted');
    assert.match(shown.message, /NODE_EXTRA_CA_CERTS/);
    assert.match(shown.message, /system certificate store/);
    assert.equal(secure.requests.length, 0);
    process.env.NODE_EXTRA_CA_CERTS = ca.certFile;
    await setHttp('systemCertificates', undefined);
    await setHttp('noProxy', ['unrelated.example']); // any network change builds a client that reads the CA file
    await refreshUntil('apps with the CA trusted', (labels) => labels.length > 1);
    await setHttp('noProxy', undefined);
  });

  it('an http:// address off this computer: a warning first, no token until "Send Token Unencrypted", remembered; revocable', async () => {
    await setHttp('proxy', proxy.url);
    await storeTokenFor(api, plain.baseUrl, plain.token);
    const plainPort = Number(new URL(plain.baseUrl).port);
    const plainProxy = await startForwardProxy({ names: { [HIDDEN_HOST]: plainPort } });
    try {
      await setHttp('proxy', plainProxy.url);
      await setSetting('baseUrl', plain.baseUrl);
      plain.clearRequests();
      await api.apps.refresh();
      const warning = await ui.waitForNotification('is not encrypted');
      assert.equal(warning.severity, 'warning');
      assert.match(warning.message, /access token would travel in the clear/);
      assert.deepEqual(warning.actions, ['Send Token Unencrypted', "Don't Send"]);
      assert.equal((await shownItems(api))[0].label, 'Token not sent: unencrypted address');
      assert.equal(plain.requests.length, 0);

      await ui.clickNotificationAction('is not encrypted', 'Send Token Unencrypted');
      await refreshUntil('apps after agreeing', (labels) => labels.length > 1);
      assert.equal(plain.requests.at(-1)?.headers.authorization, `Bearer ${plain.token}`);

      // Cleared before forgetting, not after: forgetting refreshes, and that refresh asks again at
      // once, so a clearing after the command raced with the warning (one shown just after it stayed
      // on screen). The clearing also gives the two toasts to come (the command's note and the
      // warning) a fresh spam window. The warning answered below is the one that refresh raised, or
      // this test's own refresh if it comes first; while one is open, a refresh asks nothing more.
      await ui.clearNotifications();
      await vscode.commands.executeCommand('buildService.forgetUnencryptedChoices');
      plain.clearRequests();
      await api.apps.refresh();
      await ui.clickNotificationAction('is not encrypted', "Don't Send");
      await ui.clearNotifications();
      await refreshUntil('the refusal remembered', (labels) => labels[0] === 'Token not sent: unencrypted address');
      assert.deepEqual(await ui.notifications(), []);
      assert.equal(plain.requests.length, 0);
    } finally {
      await vscode.commands.executeCommand('buildService.forgetUnencryptedChoices');
      await setHttp('proxy', proxy.url);
      await setSetting('baseUrl', secure.baseUrl);
      await storeToken(api, secure.token);
      await plainProxy.close();
    }
  });
});
