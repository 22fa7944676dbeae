// VS Code's way out (api/transport/vscodeRoute.ts) is the host's global fetch; in plain Node that is Node's own,
// unpatched, so what is ours around it is tested here against real servers on 127.0.0.1: no redirect
// followed, the silence limit, a path sent as it is or not at all, close(). Which way a client takes
// is networkRoute.ts; the proxy and certificates VS Code adds are tested in the host (network.vscode).
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../src/api/errors';
import { describeNetworkFailure } from '../../src/api/transport/networkErrors';
import { ownRouteReason } from '../../src/api/transport/networkRoute';
import { takeHostFetch, vscodeRoute } from '../../src/api/transport/vscodeRoute';
import { discard } from '../../src/api/transport/route';
import { BuildServiceClient } from '../../src/api/client/client';
import * as undici from 'undici';
import { createTestCa } from '../network/certificates';
import { startForwardProxy } from '../network/forwardProxy';
import { startService } from '../service/server';

// As the extension does at activation; here the host's fetch is Node's own.
takeHostFetch();

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ origin: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function text(body: NodeJS.ReadableStream): Promise<string> {
  let all = '';
  for await (const chunk of body) all += String(chunk);
  return all;
}

describe("VS Code's way out (the host's fetch)", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });
  async function start(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const { origin, server } = await serve(handler);
    servers.push(server);
    return origin;
  }

  it('sends the method, headers and body, and answers with status, headers and the body as a stream', async () => {
    let seen = { method: '', auth: '', body: '' };
    const origin = await start((request, response) => {
      void text(request).then((body) => {
        seen = { method: request.method ?? '', auth: request.headers.authorization ?? '', body };
        response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r1' }).end('{"ok":true}');
      });
    });
    const answer = await vscodeRoute(5000).send({
      origin,
      path: '/v1/apps/a/builds',
      method: 'POST',
      headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
      body: '{"branch":"main"}',
    });
    assert.equal(answer.status, 201);
    assert.equal(answer.headers['x-request-id'], 'r1');
    assert.equal(await text(answer.body), '{"ok":true}');
    assert.deepEqual(seen, { method: 'POST', auth: 'Bearer t0ken', body: '{"branch":"main"}' });
  });

  it('does not follow a redirect: the 302 is the answer, so the caller decides where a token may go', async () => {
    let elsewhere = 0;
    const other = await start((_request, response) => {
      elsewhere++;
      response.end('secret');
    });
    const origin = await start((_request, response) => response.writeHead(302, { location: `${other}/x` }).end());
    const answer = await vscodeRoute(5000).send({
      origin,
      path: '/v1/builds/1',
      method: 'GET',
      headers: { authorization: 'Bearer t0ken' },
    });
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.location, `${other}/x`);
    assert.equal(elsewhere, 0);
  });

  it('a segment "." or ".." is refused before sending, as fetch would turn it into another route', async () => {
    let asked = 0;
    const origin = await start((_request, response) => {
      asked++;
      response.end();
    });
    const failure = await vscodeRoute(5000)
      .send({ origin, path: '/v1/builds/../cancel', method: 'POST', headers: {} })
      .catch((e: unknown) => e);
    assert.ok(failure instanceof ApiError && failure.kind === 'bad-request', String(failure));
    assert.equal(asked, 0);
  });

  it('a server that never answers ends with the silence limit, coded like undici timeouts', async () => {
    const origin = await start(() => undefined);
    const failure = await vscodeRoute(200)
      .send({ origin, path: '/v1/apps', method: 'GET', headers: {} })
      .catch((e: unknown) => e);
    assert.equal((failure as { code?: string }).code, 'UND_ERR_HEADERS_TIMEOUT');
  });

  it('an answer that stops arriving ends with the silence limit while it is read', async () => {
    const origin = await start((_request, response) => {
      response.writeHead(200);
      response.write('[');
    });
    const answer = await vscodeRoute(200).send({ origin, path: '/v1/apps', method: 'GET', headers: {} });
    const failure = await text(answer.body).catch((e: unknown) => e);
    assert.equal((failure as { code?: string }).code, 'UND_ERR_BODY_TIMEOUT');
  });

  it('a body dropped unread is cancelled at once: the server sees the connection go, long before the silence limit', async () => {
    let closed: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const origin = await start((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.write(Buffer.alloc(1024));
      response.on('close', closed); // never ended by the server: only the client can close it
    });
    const answer = await vscodeRoute(60_000).send({ origin, path: '/v1/artifact', method: 'GET', headers: {} });
    const dropped = Date.now();
    discard(answer.body);
    await gone;
    assert.ok(Date.now() - dropped < 2_000, `closed after ${Date.now() - dropped} ms`);
  });

  it('the fetch taken at activation carries the requests: one put in its place later sees nothing', async () => {
    const origin = await start((_request, response) => response.end('ok'));
    const original = globalThis.fetch;
    let seen = 0;
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      seen++;
      return original(...args);
    };
    try {
      const answer = await vscodeRoute(5000).send({ origin, path: '/v1/apps', method: 'GET', headers: { authorization: 'Bearer t0ken' } });
      assert.equal(await text(answer.body), 'ok');
      assert.equal(seen, 0);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('a gzip-encoded answer is inflated by fetch, and its compressed Content-Length is not handed on', async () => {
    const { gzipSync } = await import('node:zlib');
    const packed = gzipSync(Buffer.alloc(100_000, 'a'));
    const origin = await start((_request, response) =>
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(packed.length) }).end(packed),
    );
    const answer = await vscodeRoute(5000).send({ origin, path: '/v1/apps', method: 'GET', headers: {} });
    assert.equal(answer.headers['content-length'], undefined);
    assert.equal((await text(answer.body)).length, 100_000);
  });

  it('close() ends a request still waiting', async () => {
    const origin = await start(() => undefined);
    const route = vscodeRoute(60_000);
    const pending = route.send({ origin, path: '/v1/apps', method: 'GET', headers: {} }).catch((e: unknown) => e);
    await route.close();
    assert.ok((await pending) instanceof Error);
  });
});

describe('which way a client takes (networkRoute.ts)', () => {
  const service = 'https://builds.example.com/v1';
  const on = { vscodeFetch: true };

  it("VS Code's fetch when it is on and nothing asks for what only our own way does", () => {
    assert.equal(ownRouteReason(service, { ...on, proxy: { url: 'http://proxy:3128', noProxy: ['.corp'] } }, {}), undefined);
    assert.equal(ownRouteReason(service, { ...on, proxy: { support: 'off', authorization: 'Basic x' } }, {}), undefined);
    // VS Code sends these direct itself, whatever proxy is set.
    for (const local of ['http://127.0.0.1:8080/v1', 'http://localhost:8080/v1', 'http://[::1]:8080/v1']) {
      assert.equal(ownRouteReason(local, { ...on, proxy: { url: 'http://proxy:3128' } }, {}), undefined);
    }
  });

  it('our own way, with the reason, when VS Code would not do what a setting asks', () => {
    assert.match(ownRouteReason(service, {}, {}) ?? '', /fetch support is off/);
    assert.match(ownRouteReason('http://127.0.0.2:8080/v1', on, {}) ?? '', /loopback/);
    const login = { url: 'http://proxy:3128', authorization: 'Basic x' };
    assert.match(
      ownRouteReason(service, { ...on, proxy: login }, {}) ?? '',
      /http\.proxyAuthorization is set for the proxy http:\/\/proxy:3128/,
    );
    assert.match(ownRouteReason(service, { ...on, proxy: { authorization: 'Basic x' } }, { HTTPS_PROXY: 'http://p:1' }) ?? '', /proxyAuth/);
    const strict = { url: 'https://proxy:3129', strictSSL: false };
    assert.match(ownRouteReason(service, { ...on, proxy: strict }, {}) ?? '', /http\.proxyStrictSSL is off for the https:\/\/ proxy/);
  });

  it("VS Code's fetch when the setting would change nothing it does: no proxy for the address, or an http:// proxy", () => {
    // http.proxyAuthorization with no proxy, or one the address bypasses: VS Code may still find one (PAC, the system) and log in itself.
    assert.equal(ownRouteReason(service, { ...on, proxy: { authorization: 'Basic x' } }, {}), undefined);
    for (const noProxy of [['builds.example.com'], ['.example.com'], ['*.example.com'], ['builds.example.com:443'], ['*']]) {
      assert.equal(
        ownRouteReason(service, { ...on, proxy: { url: 'http://proxy:3128', authorization: 'Basic x', noProxy } }, {}),
        undefined,
      );
    }
    const otherPort = { url: 'http://proxy:3128', authorization: 'Basic x', noProxy: ['builds.example.com:8443'] };
    assert.match(ownRouteReason(service, { ...on, proxy: otherPort }, {}) ?? '', /proxyAuthorization/);
    // http.proxyStrictSSL concerns a proxy's own TLS: an http:// proxy has none, and no proxy has none either.
    assert.equal(ownRouteReason(service, { ...on, proxy: { strictSSL: false } }, {}), undefined);
    assert.equal(ownRouteReason(service, { ...on, proxy: { url: 'http://proxy:3128', strictSSL: false } }, {}), undefined);
    // NODE_EXTRA_CA_CERTS: VS Code's route first (vscodeFirst.ts).
    assert.equal(ownRouteReason(service, on, { NODE_EXTRA_CA_CERTS: '/ca.pem' }), undefined);
  });
});

// What VS Code's fetch fails with, made for real: Node's fetch, and undici's ProxyAgent (the one VS Code
// hands fetch for a proxy) against a real proxy. On that route the proxy is VS Code's choice, so the
// message cannot name a setting of ours as the cause, only where to look.
describe("VS Code's way out: whose failure", () => {
  const where = (url: string, cause: unknown) => ({ method: 'GET', url, cause });
  const byVsCode = { chooser: 'vscode' as const };

  /** A port nothing listens on: a server's, closed. */
  async function closedPort(): Promise<number> {
    const { server } = await serve(() => undefined);
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it("a refused connection on another port than the service's is the proxy's, with where to look", async () => {
    const port = await closedPort();
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    const failure = describeNetworkFailure(error, where('https://builds.example.com/v1/apps', error), byVsCode);
    const expected = `Could not connect to the proxy 127.0.0.1:${port} (ECONNREFUSED) that VS Code chose for builds.example.com.`;
    assert.ok(failure?.message.startsWith(expected), failure?.message);
    assert.match(failure?.message ?? '', /system's proxy settings/);
  });

  it("the same refusal on the service's own port is the service's (left to the connection's wording)", async () => {
    const port = await closedPort();
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    assert.equal(describeNetworkFailure(error, where(`http://127.0.0.1:${port}/v1/apps`, error), byVsCode), undefined);
  });

  it('a 407 from the proxy is proxy-auth, worded for what VS Code does about a login', async () => {
    const proxy = await startForwardProxy({ basicAuth: { user: 'bob', password: 'pa55' } });
    try {
      const dispatcher = new undici.ProxyAgent({ uri: proxy.url });
      const error = await undici.fetch('https://builds.example.com/v1/apps', { dispatcher }).catch((e: unknown) => e);
      await dispatcher.close();
      const failure = describeNetworkFailure(error, where('https://builds.example.com/v1/apps', error), byVsCode);
      assert.equal(failure?.kind, 'proxy-auth');
      assert.match(failure?.message ?? '', /VS Code had no login for it/);
      assert.equal(proxy.tunnels.length, 1);
    } finally {
      await proxy.close();
    }
  });
});

// NODE_EXTRA_CA_CERTS is read by Node at start only, so setting it here is what VS Code's fetch would
// see of it: nothing. Our own route reads the file (trustStore.ts).
describe("VS Code's way out first, our own after a certificate only NODE_EXTRA_CA_CERTS trusts", function () {
  this.timeout(30_000);
  const saved = process.env.NODE_EXTRA_CA_CERTS;
  afterEach(() => {
    if (saved === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = saved;
  });

  async function attempt(extraCa: string | undefined): Promise<{ apps: number | Error; log: string[]; served: number }> {
    const ca = createTestCa();
    const service = await startService({ tls: ca.issue(['127.0.0.1']) });
    const log: string[] = [];
    if (extraCa === 'service') process.env.NODE_EXTRA_CA_CERTS = ca.certFile;
    else if (extraCa) process.env.NODE_EXTRA_CA_CERTS = extraCa;
    else delete process.env.NODE_EXTRA_CA_CERTS;
    const client = new BuildServiceClient({
      baseUrl: service.baseUrl,
      getToken: () => Promise.resolve(service.token),
      retry: { baseDelayMs: 1, attempts: 1 },
      network: { vscodeFetch: true },
      onNetworkReady: (how) => log.push(how),
    });
    try {
      const apps = await client.listApps().then(
        (list) => list.length,
        (e: unknown) => e as Error,
      );
      return { apps, log, served: service.requests.length };
    } finally {
      await client.dispose();
      await service.close();
    }
  }

  it("the service's CA only in NODE_EXTRA_CA_CERTS: the apps arrive through our own route, and the log says why", async () => {
    const { apps, log } = await attempt('service');
    assert.ok(typeof apps === 'number' && apps > 0, String(apps));
    assert.match(log[0] ?? '', /^through VS Code's network/);
    assert.match(log.at(-1) ?? '', /not VS Code's network: its certificate was not trusted there, and NODE_EXTRA_CA_CERTS/);
  });

  it("an unrelated CA in NODE_EXTRA_CA_CERTS: the certificate error of VS Code's route, nothing sent, and the client stays there", async () => {
    const { apps, log, served } = await attempt(createTestCa('Unrelated').certFile);
    assert.ok(apps instanceof ApiError && apps.kind === 'certificate', String(apps));
    assert.equal(served, 0);
    assert.equal(log.length, 1);
    assert.match(log[0], /^through VS Code's network/);
  });
});
