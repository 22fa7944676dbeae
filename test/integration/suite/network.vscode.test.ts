// Requests go out the way VS Code sends its own: through the extension host's fetch, which VS Code
// patches with the proxy it resolves for the address and the certificates it trusts. The service's
// certificate here is signed by a root only the machine's store holds, as VS Code reads that store
// (test/host/machineCa.mjs), never NODE_EXTRA_CA_CERTS, so only VS Code's way can reach it; the proxy is
// a real forward proxy on 127.0.0.1, the only place builds.service.invalid resolves.
import * as assert from 'node:assert/strict';
import type { BuildServiceExports } from '../../../src/exports';
import { createTestCa, machineCa } from '../../network/certificates';
import { type ForwardProxy, startForwardProxy } from '../../network/forwardProxy';
import { type RunningService, startService } from '../../service/server';
import * as ui from '../ui';
import { openAppsView, refreshUntil as refreshUntilShown } from '../appsView';
import { extensionApi, readLog, storeToken, storeTokenFor, waitForLog } from '../extension';
import { waitFor } from '../wait';
import { resetSettings, setHttp, setSetting } from '../settings';

const HIDDEN_HOST = 'builds.service.invalid';
const HTTP_SETTINGS = ['proxy', 'noProxy', 'fetchAdditionalSupport', 'proxyStrictSSL', 'proxyAuthorization'];
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

  /** The route the next client writes to the log (the first line after `mark`), once the apps are listed. */
  async function routeOnceListed(mark: number, what: string): Promise<string> {
    await refreshUntil(what, listed);
    let line = '';
    await waitFor(async () => {
      line = /Requests to \S+ go [^\n]*/.exec((await readLog(api)).slice(mark))?.[0] ?? '';
      return line !== '';
    }, "the new client's route in the log");
    return line;
  }

  // Each setting below sends a client to the extension's own route on older builds of this extension,
  // which loses PAC, the system proxy and Kerberos, and on 1.100 the machine's store as VS Code reads it.
  it("http.proxyStrictSSL off with an http:// proxy: still VS Code's route (the setting is about an https:// proxy's own certificate)", async () => {
    const mark = (await readLog(api)).length;
    await setHttp('proxyStrictSSL', false);
    try {
      const route = await routeOnceListed(mark, 'apps with http.proxyStrictSSL off');
      assert.match(route, /go through VS Code's network/);
      assert.doesNotMatch(route, /not VS Code's network/);
    } finally {
      await setHttp('proxyStrictSSL', undefined);
    }
  });

  it("NODE_EXTRA_CA_CERTS naming an unrelated CA: still VS Code's route, and the machine's store is trusted", async () => {
    process.env.NODE_EXTRA_CA_CERTS = createTestCa('Unrelated development CA').certFile;
    try {
      const mark = (await readLog(api)).length;
      await setHttp('noProxy', ['unrelated.example']); // a network change: the next request builds a new client
      const route = await routeOnceListed(mark, 'apps with an unrelated NODE_EXTRA_CA_CERTS');
      assert.match(route, /go through VS Code's network/);
      assert.doesNotMatch((await readLog(api)).slice(mark), /not VS Code's network/);
    } finally {
      delete process.env.NODE_EXTRA_CA_CERTS;
      await setHttp('noProxy', undefined);
    }
  });

  describe('a service on this computer (127.0.0.1)', () => {
    let local: RunningService | undefined;
    afterEach(async () => {
      delete process.env.NODE_EXTRA_CA_CERTS;
      await setHttp('proxyAuthorization', undefined);
      await setHttp('proxy', proxy.url);
      await storeTokenFor(api, service.baseUrl, service.token);
      await setSetting('baseUrl', service.baseUrl);
      await local?.close();
      local = undefined;
    });

    async function use(tls: { key: string; cert: string }): Promise<number> {
      local = await startService({ tls });
      await storeTokenFor(api, local.baseUrl, local.token);
      const mark = (await readLog(api)).length;
      await setSetting('baseUrl', local.baseUrl);
      return mark;
    }

    it("http.proxyAuthorization with no proxy for the address: VS Code's route, which trusts the machine's store", async () => {
      await setHttp('proxy', undefined);
      await setHttp('proxyAuthorization', BASIC);
      const mark = await use(machineCa().issue(['127.0.0.1']));
      const route = await routeOnceListed(mark, 'apps with http.proxyAuthorization set and no proxy');
      assert.match(route, /go through VS Code's network/);
      assert.doesNotMatch(route, /not VS Code's network/);
    });

    it("the service's CA only in NODE_EXTRA_CA_CERTS: VS Code's route first, then our own for this client, and the log says why", async () => {
      const ca = createTestCa('Development CA');
      process.env.NODE_EXTRA_CA_CERTS = ca.certFile;
      const mark = await use(ca.issue(['127.0.0.1']));
      await refreshUntil('apps trusted through NODE_EXTRA_CA_CERTS', listed);
      const log = await waitForLog(api, /not VS Code's network: its certificate was not trusted there, and NODE_EXTRA_CA_CERTS/);
      const routes = [...log.slice(mark).matchAll(/Requests to \S+ go [^\n]*/g)].map((m) => m[0]);
      assert.match(routes[0] ?? '', /go through VS Code's network/);
      assert.match(routes.at(-1) ?? '', /go direct.*not VS Code's network: its certificate was not trusted there/);
    });
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
