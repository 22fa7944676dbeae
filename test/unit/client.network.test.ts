// The client behind a real forward proxy and against a real HTTPS service whose certificate comes
// from a CA made here. builds.service.invalid resolves only in the proxy's name table, so a request
// that bypasses the proxy cannot connect at all.
import * as assert from 'node:assert/strict';
import { BuildServiceClient, type BuildServiceClientOptions } from '../../src/api/client/client';
import type { NetworkOptions } from '../../src/api/transport/network';
import { createTestCa, expiredValidity, type TestCa } from '../network/certificates';
import { type ForwardProxy, startForwardProxy } from '../network/forwardProxy';
import { type RunningService, startService } from '../service/server';
import { expectApiError } from './clientFixture';

const HIDDEN_HOST = 'builds.service.invalid';
const PROXY_ENV = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'NODE_EXTRA_CA_CERTS'];

describe('BuildServiceClient: proxies and certificates', function () {
  this.timeout(30_000);
  let ca: TestCa;
  let hidden: RunningService; // HTTPS, reachable only as builds.service.invalid through a proxy
  let plain: RunningService; // HTTP on 127.0.0.1
  let proxy: ForwardProxy;
  let authProxy: ForwardProxy;
  const clients: BuildServiceClient[] = [];
  const savedEnv: Record<string, string | undefined> = {};

  before(async () => {
    ca = createTestCa();
    hidden = await startService({ tls: ca.issue([HIDDEN_HOST]), publicHost: HIDDEN_HOST });
    plain = await startService();
    const port = Number(new URL(hidden.baseUrl).port);
    proxy = await startForwardProxy({ names: { [HIDDEN_HOST]: port } });
    authProxy = await startForwardProxy({ names: { [HIDDEN_HOST]: port }, basicAuth: { user: 'alice', password: 's3cret:!' } });
  });
  beforeEach(() => {
    for (const name of PROXY_ENV) {
      savedEnv[name] = process.env[name];
      delete process.env[name];
    }
    process.env.NODE_EXTRA_CA_CERTS = ca.certFile;
    hidden.reset();
    plain.reset();
    for (const p of [proxy, authProxy]) p.tunnels.length = p.requests.length = 0;
  });
  afterEach(async () => {
    for (const name of PROXY_ENV) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });
  after(async () => {
    await Promise.all([hidden?.close(), plain?.close(), proxy?.close(), authProxy?.close()]);
  });

  function client(service: RunningService, network?: NetworkOptions, options: Partial<BuildServiceClientOptions> = {}): BuildServiceClient {
    const made = new BuildServiceClient({
      baseUrl: service.baseUrl,
      getToken: () => Promise.resolve(service.token),
      retry: { baseDelayMs: 1, attempts: 1 },
      timeoutMs: 5_000,
      network,
      ...options,
    });
    clients.push(made);
    return made;
  }

  describe('proxies', () => {
    it('http.proxy: HTTPS goes through a CONNECT tunnel; the proxy sees only host and port, the service the token', async () => {
      const apps = await client(hidden, { proxy: { url: proxy.url } }).listApps();
      assert.ok(apps.length > 0);
      assert.deepEqual(
        proxy.tunnels.map((t) => t.target),
        [`${HIDDEN_HOST}:${new URL(hidden.baseUrl).port}`],
      );
      assert.equal(hidden.requests[0].headers['authorization'], `Bearer ${hidden.token}`);
    });

    it('without a proxy the hidden name does not resolve: the request cannot bypass the proxy', async () => {
      const error = await expectApiError(client(hidden).listApps(), 'network');
      assert.match(error.message, /Could not find the build service's host builds\.service\.invalid/);
      assert.equal(hidden.requests.length, 0);
    });

    for (const name of ['HTTPS_PROXY', 'https_proxy']) {
      it(`with no proxy setting, the environment's ${name} is used`, async () => {
        process.env[name] = proxy.url;
        assert.ok((await client(hidden).listApps()).length > 0);
        assert.equal(proxy.tunnels.length, 1);
      });
    }

    it('HTTP_PROXY alone serves https:// addresses too', async () => {
      process.env.HTTP_PROXY = proxy.url;
      assert.ok((await client(hidden).listApps()).length > 0);
      assert.equal(proxy.tunnels.length, 1);
    });

    it('NO_PROXY (either case) sends matching hosts directly', async () => {
      process.env.HTTPS_PROXY = proxy.url;
      process.env.no_proxy = 'example.com, .service.invalid';
      await expectApiError(client(hidden).listApps(), 'network');
      assert.equal(proxy.tunnels.length, 0);
    });

    it('http.noProxy sends matching hosts directly', async () => {
      await expectApiError(client(hidden, { proxy: { url: proxy.url, noProxy: [HIDDEN_HOST] } }).listApps(), 'network');
      assert.equal(proxy.tunnels.length, 0);
    });

    it('plain http:// addresses are tunnelled too, so the proxy never reads the token', async () => {
      const plainHidden = await startService({ publicHost: HIDDEN_HOST });
      const plainProxy = await startForwardProxy({ names: { [HIDDEN_HOST]: Number(new URL(plainHidden.baseUrl).port) } });
      try {
        assert.ok((await client(plainHidden, { proxy: { url: plainProxy.url } }).listApps()).length > 0);
        assert.deepEqual(plainProxy.requests, [`CONNECT ${new URL(plainHidden.baseUrl).host}`]);
      } finally {
        await Promise.all([plainHidden.close(), plainProxy.close()]);
      }
    });

    it('a loopback address never goes through a proxy: HTTP_PROXY and HTTPS_PROXY set, no NO_PROXY, the proxy sees nothing', async () => {
      process.env.HTTP_PROXY = proxy.url;
      process.env.HTTPS_PROXY = proxy.url;
      const v6 = await startService({ host: '::1' });
      const secureLoopback = await startService({ tls: ca.issue(['127.0.0.1']) });
      try {
        for (const service of [plain, v6, secureLoopback]) {
          assert.ok((await client(service).listApps()).length > 0, service.baseUrl);
          assert.equal(service.requests[0]?.headers['authorization'], `Bearer ${service.token}`);
        }
        assert.ok((await client(plain, { proxy: { url: proxy.url } }).listApps()).length > 0, 'http.proxy set too');
        assert.deepEqual(proxy.requests, []);
      } finally {
        await Promise.all([v6.close(), secureLoopback.close()]);
      }
    });

    it('http.proxySupport "off" ignores http.proxy and the environment', async () => {
      process.env.HTTPS_PROXY = proxy.url;
      await expectApiError(client(hidden, { proxy: { url: proxy.url, support: 'off' } }).listApps(), 'network');
      assert.equal(proxy.tunnels.length, 0);
    });

    it('credentials in the proxy URL are sent as Basic Proxy-Authorization', async () => {
      const url = `http://alice:${encodeURIComponent('s3cret:!')}@127.0.0.1:${authProxy.port}`;
      assert.ok((await client(hidden, { proxy: { url } }).listApps()).length > 0);
      assert.equal(authProxy.tunnels[0].authorization, `Basic ${Buffer.from('alice:s3cret:!').toString('base64')}`);
    });

    it('http.proxyAuthorization is sent as the whole Proxy-Authorization value', async () => {
      const authorization = `Basic ${Buffer.from('alice:s3cret:!').toString('base64')}`;
      assert.ok((await client(hidden, { proxy: { url: authProxy.url, authorization } }).listApps()).length > 0);
      assert.equal(authProxy.tunnels[0].authorization, authorization);
    });

    it('a 407 is proxy-auth with a message about proxy authentication; nothing reaches the service', async () => {
      const error = await expectApiError(client(hidden, { proxy: { url: authProxy.url } }).listApps(), 'proxy-auth');
      assert.match(error.message, /proxy asked for authentication \(407\)/);
      assert.match(error.message, /http\.proxyAuthorization/);
      assert.equal(hidden.requests.length, 0);
    });

    it('wrong proxy credentials: proxy-auth too', async () => {
      const url = `http://alice:wrong@127.0.0.1:${authProxy.port}`;
      await expectApiError(client(hidden, { proxy: { url } }).listApps(), 'proxy-auth');
    });

    it('a proxy that is not running: a network error that names the proxy', async () => {
      const closed = await startForwardProxy();
      await closed.close();
      const error = await expectApiError(client(hidden, { proxy: { url: closed.url } }).listApps(), 'network');
      assert.match(error.message, new RegExp(`Could not connect to the proxy 127\\.0\\.0\\.1:${closed.port}`));
    });

    it('a proxy address that is not one: a network error naming the setting, without echoing it', async () => {
      const error = await expectApiError(client(hidden, { proxy: { url: 'not a url with p4ssword' } }).listApps(), 'network');
      assert.match(error.message, /The proxy address in http\.proxy is not an address/);
      assert.doesNotMatch(error.message, /p4ssword/);
    });
  });

  describe('certificates', () => {
    it('a CA that is only in NODE_EXTRA_CA_CERTS is trusted (with the system store on)', async () => {
      assert.ok((await client(hidden, { proxy: { url: proxy.url }, systemCertificates: true }).listApps()).length > 0);
    });

    it('an unknown CA: certificate "not trusted", with the fix, and nothing sent', async () => {
      delete process.env.NODE_EXTRA_CA_CERTS;
      const error = await expectApiError(client(hidden, { proxy: { url: proxy.url } }).listApps(), 'certificate');
      assert.match(error.message, /The certificate of builds\.service\.invalid:\d+ is not trusted/);
      assert.match(error.message, /NODE_EXTRA_CA_CERTS/);
      assert.match(error.message, /system certificate store/);
      assert.equal(hidden.requests.length, 0);
    });

    it("http.proxyStrictSSL off still checks the service's certificate through the tunnel: an unknown CA is refused, nothing sent", async () => {
      delete process.env.NODE_EXTRA_CA_CERTS;
      const error = await expectApiError(client(hidden, { proxy: { url: proxy.url, strictSSL: false } }).listApps(), 'certificate');
      assert.match(error.message, /The certificate of builds\.service\.invalid:\d+ is not trusted/);
      assert.equal(proxy.tunnels.length, 1, 'the tunnel was made; the service behind it was refused');
      assert.equal(hidden.requests.length, 0);
    });

    it("an https:// proxy's untrusted certificate is refused as the proxy's; http.proxyStrictSSL off accepts it, and only it", async () => {
      const proxyCa = createTestCa('Proxy CA nobody trusts');
      const port = Number(new URL(hidden.baseUrl).port);
      const tlsProxy = await startForwardProxy({ names: { [HIDDEN_HOST]: port }, tls: proxyCa.issue(['127.0.0.1']) });
      // A proxy given by IP address gets no server name (TLS allows none; Node would warn in the host's log).
      const warnings: string[] = [];
      const onWarning = (warning: Error & { code?: string }) => warnings.push(`${warning.code ?? warning.name}: ${warning.message}`);
      process.on('warning', onWarning);
      try {
        const refused = await expectApiError(client(hidden, { proxy: { url: tlsProxy.url } }).listApps(), 'certificate');
        assert.match(refused.message, new RegExp(`certificate of the proxy ${new URL(tlsProxy.url).host} was not accepted`));
        assert.match(refused.message, /http\.proxyStrictSSL/);
        assert.doesNotMatch(
          refused.message,
          new RegExp(HIDDEN_HOST),
          'the service was never reached: its certificate is not the one refused',
        );
        assert.equal(tlsProxy.tunnels.length, 0, 'strict: the untrusted proxy is not used');
        assert.ok((await client(hidden, { proxy: { url: tlsProxy.url, strictSSL: false } }).listApps()).length > 0);
        assert.equal(tlsProxy.tunnels.length, 1);
        delete process.env.NODE_EXTRA_CA_CERTS;
        const service = await expectApiError(client(hidden, { proxy: { url: tlsProxy.url, strictSSL: false } }).listApps(), 'certificate');
        assert.match(service.message, new RegExp(`certificate of ${HIDDEN_HOST}:\\d+ is not trusted`));
        assert.equal(hidden.requests.length, 1, 'only the request over the trusted service certificate arrived');
        await new Promise((resolve) => setImmediate(resolve));
        assert.deepEqual(warnings, []);
      } finally {
        process.off('warning', onWarning);
        await tlsProxy.close();
      }
    });

    it('an expired certificate: certificate "has expired", nothing sent', async () => {
      const expired = await startService({ tls: ca.issue(['127.0.0.1'], expiredValidity()) });
      try {
        const error = await expectApiError(client(expired).listApps(), 'certificate');
        assert.match(error.message, /The certificate of 127\.0\.0\.1:\d+ has expired/);
        assert.equal(expired.requests.length, 0);
      } finally {
        await expired.close();
      }
    });

    it('a certificate for another host name: certificate "another host name", nothing sent', async () => {
      const wrongHost = await startService({ tls: ca.issue(['other.service.invalid']) });
      try {
        const error = await expectApiError(client(wrongHost).listApps(), 'certificate');
        assert.match(error.message, /presented for 127\.0\.0\.1:\d+ is for another host name/);
        assert.equal(wrongHost.requests.length, 0);
      } finally {
        await wrongHost.close();
      }
    });

    it('the same through the proxy: wrong host name is still a certificate error', async () => {
      const port = Number(new URL(hidden.baseUrl).port);
      const other = await startService({ tls: ca.issue(['other.service.invalid']), publicHost: HIDDEN_HOST });
      const otherProxy = await startForwardProxy({ names: { [HIDDEN_HOST]: Number(new URL(other.baseUrl).port) } });
      try {
        assert.notEqual(port, Number(new URL(other.baseUrl).port));
        const error = await expectApiError(client(other, { proxy: { url: otherProxy.url } }).listApps(), 'certificate');
        assert.match(error.message, /another host name/);
      } finally {
        await Promise.all([other.close(), otherProxy.close()]);
      }
    });
  });
});
