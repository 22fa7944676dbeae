// A download hop is checked before it is asked (downloadGuard.ts checkHop) and again when the client
// connects: a name may resolve to a public address for the check and to this computer a moment later
// (DNS rebinding). Real undici, the client's own route and a real server on 127.0.0.1; only the
// resolver the connection asks is handed in, as no test can make the system's DNS answer that way.
import * as assert from 'node:assert/strict';
import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import * as undici from 'undici';
import { ownRoute } from '../../src/api/transport/dispatcher';
import { openDownload } from '../../src/api/downloads/download';
import type { NetworkOptions } from '../../src/api/transport/network';
import { DownloadRefusedError } from '../../src/api/transport/downloadGuard';
import { startArtifactHost, type ArtifactHost } from '../service/server';

/** Answers 127.0.0.1 for `rebind.test`, which the system's resolver does not know (so the check before sending finds nothing to refuse). */
const rebinding = ((hostname: string, options: LookupAllOptions, callback: (e: Error | null, a: LookupAddress[]) => void) => {
  if (hostname === 'rebind.test') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  lookup(hostname, options, callback);
}) as typeof lookup;

describe('a download to a name that resolves elsewhere when connecting', () => {
  let host: ArtifactHost;
  before(async () => (host = await startArtifactHost()));
  after(() => host.close());

  async function download(baseUrl: string, network?: NetworkOptions) {
    const route = await ownRoute(undici, { baseUrl, timeoutMs: 5000, resolve: rebinding, network });
    try {
      const link = host.url('app.ipa', 1000).replace('127.0.0.1', 'rebind.test');
      const opened = await openDownload(
        { baseUrl, userAgent: 'test', timeoutMs: 5000, token: () => Promise.resolve('t0ken'), route: () => Promise.resolve(route) },
        link,
      );
      let bytes = 0;
      for await (const chunk of opened.body as AsyncIterable<Buffer>) bytes += chunk.length;
      return bytes;
    } finally {
      await route.close();
    }
  }

  it('is refused at the connection when it leads to this computer and the service is elsewhere', async () => {
    const before = host.requests.length;
    // The distant service is http://: from an https:// one, an http:// link is refused before any connection.
    const failure = await download('http://203.0.113.10/v1').catch((e: unknown) => e);
    assert.ok(failure instanceof DownloadRefusedError, String(failure));
    assert.equal(failure.range, 'loopback');
    assert.equal(failure.message, 'The download address rebind.test is at 127.0.0.1, a loopback address, and the service is not; refused.');
    assert.equal(host.requests.length, before, 'nothing reached the server');
  });

  it('is refused at the connection too when a proxy is set and http.noProxy sends that name around it', async () => {
    const before = host.requests.length;
    // The proxy is never asked (port 9 answers nothing): the name goes direct, through the same check.
    const network = { proxy: { url: 'http://127.0.0.1:9', noProxy: ['rebind.test'] } };
    const failure = await download('http://203.0.113.10/v1', network).catch((e: unknown) => e);
    assert.ok(failure instanceof DownloadRefusedError, String(failure));
    assert.equal(failure.range, 'loopback');
    assert.equal(host.requests.length, before, 'nothing reached the server');
  });

  it('connects where the name leads when the service is on this computer too', async () => {
    assert.equal(await download('http://127.0.0.1:9/v1'), 1000);
  });
});
