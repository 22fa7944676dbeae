// Requests go out the way VS Code sends its own: through the extension host's fetch, which VS Code
// patches with the proxy it resolves for the address and the certificates it trusts. The service's
// certificate here is signed by a root only the machine's store holds, as VS Code reads that store
// (test/host/machineCa.mjs), never NODE_EXTRA_CA_CERTS, so only VS Code's way can reach it; the proxy is
// a real forward proxy on 127.0.0.1, the only place builds.service.invalid resolves.
import * as assert from 'node:assert/strict';
import type { BuildServiceExports } from '../../../src/exports';
import { machineCa } from '../../network/certificates';
import { type ForwardProxy, startForwardProxy } from '../../network/forwardProxy';
import { type RunningService, startService } from '../../service/server';
import * as ui from '../ui';
import { openAppsView, refreshUntil as refreshUntilShown } from '../appsView';
import { extensionApi, storeToken, storeTokenFor, waitForLog } from '../extension';
import { resetSettings, setHttp, setSetting } from '../settings';

const HIDDEN_HOST = 'builds.service.invalid';
const HTTP_SETTINGS = ['proxy', 'noProxy', 'fetchAdditionalSupport'];
const BASIC = `Basic ${Buffer.from('bob:pa55').toString('base64')}`;

describe("network: VS Code's own proxy and certificates", function () {
  this.timeout(60_000);
  let api: BuildServiceExports;
  let service: RunningService; // https://builds.service.invalid:PORT, its certificate from the machine's root
  let proxy: ForwardProxy;
  let authProxy: ForwardProxy;
  const savedExtraCa = process.env.NODE_EXTRA_CA_CERTS;

  const refreshUntil = (what: string, check: (labels: string[]) => boolean) => refreshUntilShown(api, what, check);
  const listed = (labels: string[]) => labels.length > 1;

  before(async () => {
    api = await extensionApi();
    delete process.env.NODE_EXTRA_CA_CERTS; // what our own way out would read; VS Code's does not
    service = await startService({ tls: machineCa().issue([HIDDEN_HOST]), publicHost: HIDDEN_HOST });
    const names = { [HIDDEN_HOST]: Number(new URL(service.baseUrl).port) };
    proxy = await startForwardProxy({ names });
    authProxy = await startForwardProxy({ names, basicAuth: { user: 'bob', password: 'pa55' } });
    await setHttp('proxy', proxy.url);
    await storeTokenFor(api, service.baseUrl, service.token);
    await setSetting('baseUrl', service.baseUrl);
    await openAppsView();
  });
  after(async () => {
    for (const name of HTTP_SETTINGS) await setHttp(name, undefined);
    await storeToken(api, undefined);
    await resetSettings();
    if (savedExtraCa !== undefined) process.env.NODE_EXTRA_CA_CERTS = savedExtraCa;
    await Promise.all([service.close(), proxy.close(), authProxy.close()]);
  });
  beforeEach(async () => {
    await ui.clearNotifications();
  });

  it("the proxy VS Code resolves carries the requests, and the root only the system's store holds is trusted", async () => {
    await refreshUntil('apps through the proxy', listed);
    await waitForLog(api, "go through VS Code's network");
    assert.ok(proxy.tunnels.some((t) => t.target.startsWith(`${HIDDEN_HOST}:`)));
    assert.equal(service.requests.at(-1)?.headers.authorization, `Bearer ${service.token}`);
  });

  it('http.noProxy, as VS Code reads it, sends the address around the proxy (where it cannot be found)', async () => {
    await setHttp('noProxy', [HIDDEN_HOST]);
    await refreshUntil('the error node once the host bypasses the proxy', (labels) => labels[0] === 'Cannot reach the service');
    await setHttp('noProxy', undefined);
    await refreshUntil('apps through the proxy again', listed);
  });

  it('a proxy that asks for a Basic login: the 407 is told as such; the login in http.proxy is what VS Code sends', async () => {
    await setHttp('proxy', authProxy.url);
    await refreshUntil('the 407 error node', (labels) => labels[0] === 'Proxy authentication required');
    const shown = await ui.waitForNotification('proxy requires authentication');
    assert.deepEqual(shown.actions, ['Open Proxy Settings', 'Show Log']);

    await setHttp('proxy', `http://bob:pa55@127.0.0.1:${authProxy.port}`);
    await refreshUntil('apps with the login', listed);
    assert.equal(authProxy.tunnels.at(-1)?.authorization, BASIC);
    await setHttp('proxy', proxy.url);
  });

  it("with http.fetchAdditionalSupport off, the extension's own proxy handling takes over and the log says why", async () => {
    // Our own way does not read the store the way VS Code does on every version: the root as NODE_EXTRA_CA_CERTS.
    process.env.NODE_EXTRA_CA_CERTS = machineCa().certFile;
    await setHttp('fetchAdditionalSupport', false); // a network setting: the next request builds a new client
    const tunnels = proxy.tunnels.length;
    await refreshUntil('apps through our own proxy handling', listed);
    await waitForLog(api, "not VS Code's network: VS Code's fetch support is off");
    assert.ok(proxy.tunnels.length > tunnels);
    delete process.env.NODE_EXTRA_CA_CERTS;
    await setHttp('noProxy', undefined);
    await setHttp('fetchAdditionalSupport', undefined);
    await refreshUntil("apps through VS Code's network again", listed);
  });
});
