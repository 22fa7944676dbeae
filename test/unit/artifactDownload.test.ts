// Saving an artifact to disk against the reference service (real HTTP on 127.0.0.1, a real folder):
// complete and verified, or nothing left behind, with the reason; the token only to the service.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { saveArtifact, type ArtifactProgress } from '../../src/core/artifacts/artifactDownload';
import { DownloadFailed } from '../../src/core/artifacts/downloadFailure';
import { progressText } from '../../src/core/artifacts/downloadText';
import { BuildServiceClient } from '../../src/api/client/client';
import { type DownloadHop, loggableUrl } from '../../src/api/downloads/download';
import type { ApiError } from '../../src/api/errors';
import { checkDownloadSizeLimit } from '../../src/core/settings/validateDownloads';
import { addressAllowed, addressRange, type AddressRange } from '../../src/api/transport/downloadGuard';
import { createTestCa, type TestCa } from '../network/certificates';
import { artifactDigest, artifactSeed, artifactSize, LARGE_ARTIFACT_BYTES } from '../service/artifacts';
import { startArtifactHost, startService, type Build, type RunningService } from '../service/server';
import { takeHostFetch } from '../../src/api/transport/vscodeRoute';
import { useReferenceService } from './clientFixture';

takeHostFetch(); // as at activation: the host's fetch (here Node's own) is VS Code's route

describe('saving an artifact', () => {
  const fixture = useReferenceService();
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(path.join(tmpdir(), 'artifacts-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  function iosSuccess(): Build {
    const build = fixture.service.data.builds.find((b) => b.build_status === 'success' && b.links?.download.length === 2);
    assert.ok(build, 'a successful iOS build with two download links');
    return build;
  }

  const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

  it('20 MiB arrive complete, under the file name the service gives, with progress up to 100%', async () => {
    const build = iosSuccess();
    const link = build.links.download[1];
    const file = decodeURIComponent(link.url.split('/').pop() ?? '');
    const progress: ArtifactProgress[] = [];
    const saved = await saveArtifact({
      client: fixture.client(),
      url: link.url,
      folder,
      timeoutMs: 5000,
      onProgress: (p) => progress.push(p),
    });
    assert.equal(saved.name, file);
    assert.equal(saved.bytes, LARGE_ARTIFACT_BYTES);
    assert.equal(sha256(saved.path), artifactDigest(artifactSeed(build._id, file), artifactSize(build._id, file)));
    assert.deepEqual(readdirSync(folder), [file]);
    assert.ok(progress.length > 10, `${progress.length} progress reports`);
    assert.deepEqual(progress.at(-1), { received: LARGE_ARTIFACT_BYTES, total: LARGE_ARTIFACT_BYTES });
    assert.equal(progressText(progress.at(-1)!), '21.0 MB of 21.0 MB (100%)');
  });

  it('a download cut off halfway leaves no file, and says how far it got', async () => {
    const link = iosSuccess().links.download[1];
    fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { cutBody: true });
    const failure = await saveArtifact({ client: fixture.client(), url: link.url, folder, timeoutMs: 5000 }).then(
      () => assert.fail('the download should fail'),
      (e: unknown) => e,
    );
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'cut');
    assert.match(failure.reason, /^the connection broke off after [\d.]+ MB of 21\.0 MB$/);
    assert.deepEqual(readdirSync(folder), []);
  });

  it('a download that stops sending fails after the timeout of silence, and leaves no file', async () => {
    const link = iosSuccess().links.download[1];
    fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { delayMidBodyMs: 5000 });
    const failure = await saveArtifact({ client: fixture.client({ timeoutMs: 500 }), url: link.url, folder, timeoutMs: 500 }).catch(
      (e: unknown) => e,
    );
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'stalled');
    assert.match(failure.reason, /^127\.0\.0\.1:\d+ sent nothing for 1 second /);
    assert.deepEqual(readdirSync(folder), []);
  });

  it('a cancelled download leaves no file', async () => {
    const link = iosSuccess().links.download[1];
    fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { delayMidBodyMs: 5000 });
    const controller = new AbortController();
    const failure = await saveArtifact({
      client: fixture.client(),
      url: link.url,
      folder,
      timeoutMs: 5000,
      signal: controller.signal,
      onProgress: ({ received }) => received > LARGE_ARTIFACT_BYTES / 4 && controller.abort(),
    }).catch((e: unknown) => e);
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'cancelled');
    assert.deepEqual(readdirSync(folder), []);
  });

  it('the token goes to the service, never to another origin the link points at', async () => {
    const cdn = await startArtifactHost();
    try {
      const hops: { url: string; withToken: boolean }[] = [];
      const client = fixture.client();
      const build = iosSuccess();
      await saveArtifact({ client, url: build.links.download[0].url, folder, timeoutMs: 5000, onHop: (h) => hops.push(h) });
      const saved = await saveArtifact({ client, url: cdn.url('app.apk', 300_000), folder, timeoutMs: 5000, onHop: (h) => hops.push(h) });
      assert.equal(sha256(saved.path), cdn.digest('app.apk', 300_000));
      assert.deepEqual(
        hops.map((h) => h.withToken),
        [true, false],
      );
      assert.equal(cdn.requests.length, 1);
      assert.equal(cdn.requests[0].headers.authorization, undefined);
      const served = fixture.service.requestsTo('GET /builds/:build_id/artifacts/:file');
      assert.equal(served[0]?.headers.authorization, `Bearer ${fixture.service.token}`);
    } finally {
      await cdn.close();
    }
  });

  // VS Code's route is the host's fetch, which asks for gzip and inflates what comes back unless told otherwise.
  for (const [route, network] of [
    ["VS Code's route", { vscodeFetch: true }],
    ['our own route', {}],
  ] as const) {
    it(`on ${route}, a gzip-encoded .apk and .tar.gz are saved byte for byte as the server holds them`, async () => {
      const cdn = await startArtifactHost();
      try {
        const client = fixture.client({ network });
        for (const file of ['app-release.apk', 'sources.tar.gz']) {
          const saved = await saveArtifact({ client, url: cdn.url(file, 600_000, { gzip: true }), folder, timeoutMs: 5000 });
          assert.equal(sha256(saved.path), cdn.digest(file, 600_000, { gzip: true }), file);
          assert.equal(saved.bytes, readFileSync(saved.path).length);
        }
        assert.deepEqual(
          cdn.requests.map((r) => r.headers['accept-encoding']),
          ['identity', 'identity'],
        );
      } finally {
        await cdn.close();
      }
    });
  }

  it("on VS Code's route, a foreign http:// hop whose name does not resolve here is refused: it cannot be checked", async () => {
    const failure = await saveArtifact({
      client: fixture.client({ network: { vscodeFetch: true } }),
      url: 'http://artifacts.invalid/app.apk',
      folder,
      timeoutMs: 5000,
    }).catch((e: unknown) => e);
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'refused');
    assert.equal(
      failure.reason,
      'the link leads to http://artifacts.invalid, a name this computer cannot look up, so where it leads cannot be checked',
    );
  });

  it('a redirect from the service to another origin drops the token; one from there back to the service takes it again', async () => {
    const cdn = await startArtifactHost();
    try {
      const build = iosSuccess();
      const onService = build.links.download[0].url;
      fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { redirectTo: cdn.url('signed.ipa', 100_000), times: 1 });
      const hops: { url: string; withToken: boolean }[] = [];
      const client = fixture.client();
      const saved = await saveArtifact({ client, url: onService, folder, timeoutMs: 5000, onHop: (h) => hops.push(h) });
      assert.equal(sha256(saved.path), cdn.digest('signed.ipa', 100_000));
      assert.deepEqual(hops, [
        { url: onService, withToken: true },
        { url: cdn.url('signed.ipa', 100_000), withToken: false },
      ]);
      assert.equal(cdn.requests[0]?.headers.authorization, undefined);

      const back = await saveArtifact({ client, url: cdn.redirect(onService), folder, timeoutMs: 5000, onHop: (h) => hops.push(h) });
      assert.equal(back.bytes, artifactSize(build._id, decodeURIComponent(onService.split('/').pop() ?? '')));
      assert.deepEqual(hops.slice(2), [
        { url: cdn.redirect(onService), withToken: false },
        { url: onService, withToken: true },
      ]);
      assert.equal(
        fixture.service.requestsTo('GET /builds/:build_id/artifacts/:file').at(-1)?.headers.authorization,
        `Bearer ${fixture.service.token}`,
      );
    } finally {
      await cdn.close();
    }
  });

  it('a signed link redirected too often reaches the error (and so the log) without its query or fragment', async () => {
    const onService = iosSuccess().links.download[0].url;
    fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { redirectTo: `${onService}?X-Amz-Signature=s3cret#frag` });
    const failure = await saveArtifact({ client: fixture.client(), url: onService, folder, timeoutMs: 5000 }).catch((e: unknown) => e);
    assert.ok(failure instanceof DownloadFailed, String(failure));
    const cause = failure.cause as ApiError;
    assert.match(cause.message, /redirected too often/);
    const logged = [failure.reason, cause.message, cause.url ?? ''].join('\n');
    assert.ok(!/s3cret|X-Amz|frag/.test(logged), logged);
    assert.equal(cause.url, `${onService}?…`);
  });

  it('loggableUrl keeps scheme, host and path only', () => {
    assert.equal(loggableUrl('https://cdn.example/a.ipa?X-Amz-Signature=s#x'), 'https://cdn.example/a.ipa?…');
    assert.equal(loggableUrl(new URL('https://cdn.example/a.ipa#token=x')), 'https://cdn.example/a.ipa');
    assert.equal(loggableUrl('not a url'), '(not an address)');
  });

  it('only http(s) redirects are followed', async () => {
    fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { redirectTo: 'file:///etc/passwd', times: 1 });
    const failure = await saveArtifact({
      client: fixture.client(),
      url: iosSuccess().links.download[0].url,
      folder,
      timeoutMs: 5000,
    }).catch((e: unknown) => e);
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'refused');
    assert.deepEqual(readdirSync(folder), []);
  });

  it('a link that is not http(s) is refused before anything is sent', async () => {
    fixture.service.clearRequests();
    const failure = await saveArtifact({ client: fixture.client(), url: 'file:///etc/passwd', folder, timeoutMs: 5000 }).catch(
      (e: unknown) => e,
    );
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'refused');
    assert.equal(fixture.service.requests.length, 0);
  });

  it('a file larger than the size limit is refused from its Content-Length, before a byte is written', async () => {
    const cdn = await startArtifactHost();
    try {
      const failure = await saveArtifact({
        client: fixture.client(),
        url: cdn.url('huge.ipa', 3_000_000),
        folder,
        maxBytes: 2_000_000,
        timeoutMs: 5000,
      }).catch((e: unknown) => e);
      assert.ok(failure instanceof DownloadFailed, String(failure));
      assert.equal(failure.kind, 'too-large');
      assert.equal(failure.reason, 'it is 3.0 MB, more than the limit of 2.0 MB (buildService.downloadSizeLimitMB)');
      assert.equal(failure.received, 0);
      assert.deepEqual(readdirSync(folder), []);
    } finally {
      await cdn.close();
    }
  });

  it('a file of unknown size is cut off as it grows past the size limit, and nothing is kept', async () => {
    const cdn = await startArtifactHost();
    try {
      const received: number[] = [];
      const failure = await saveArtifact({
        client: fixture.client(),
        url: cdn.url('growing.ipa', 3_000_000, { chunked: true }),
        folder,
        maxBytes: 1_000_000,
        timeoutMs: 5000,
        onProgress: (p) => received.push(p.received),
      }).catch((e: unknown) => e);
      assert.ok(failure instanceof DownloadFailed, String(failure));
      assert.equal(failure.kind, 'too-large');
      assert.equal(failure.reason, 'it grew past the limit of 1.0 MB (buildService.downloadSizeLimitMB)');
      assert.ok(Math.max(...received) <= 1_000_000, `progress stopped at the limit: ${Math.max(...received)}`);
      assert.deepEqual(readdirSync(folder), []);
    } finally {
      await cdn.close();
    }
  });

  it('a file larger than the free space of the disk is refused from its Content-Length', async () => {
    const cdn = await startArtifactHost();
    try {
      const failure = await saveArtifact({ client: fixture.client(), url: cdn.url('petabyte.ipa', 1e15), folder, timeoutMs: 5000 }).catch(
        (e: unknown) => e,
      );
      assert.ok(failure instanceof DownloadFailed, String(failure));
      assert.equal(failure.kind, 'disk');
      assert.match(failure.reason, /^it needs 1000000\.00 GB, and the disk has [\d.]+ [KMG]?B free$/);
      assert.deepEqual(readdirSync(folder), []);
    } finally {
      await cdn.close();
    }
  });

  it('a file of unknown size stops as it grows past the free space of the disk, and nothing is kept', async () => {
    const cdn = await startArtifactHost();
    try {
      const received: number[] = [];
      const failure = await saveArtifact({
        client: fixture.client(),
        url: cdn.url('chunked.ipa', 10_000_000, { chunked: true }),
        folder,
        freeBytesLimit: 9_000_000,
        timeoutMs: 5000,
        onProgress: (p) => received.push(p.received),
      }).catch((e: unknown) => e);
      assert.ok(failure instanceof DownloadFailed, String(failure));
      assert.equal(failure.kind, 'disk');
      // Looked at again every 4 MiB: just past 8 MiB, under 9,000,000 − 8,388,608 bytes were left.
      assert.match(failure.reason, /^it grew past the free space of the disk \([\d.]+ KB free\)$/);
      assert.ok(Math.max(...received) <= 9_000_000, `progress stopped before the disk was full: ${Math.max(...received)}`);
      assert.ok(Math.max(...received) > 8_388_608, `it ran up to the free space: ${Math.max(...received)}`);
      assert.deepEqual(readdirSync(folder), []);
      // Exactly as much room as the file needs: it arrives.
      const saved = await saveArtifact({
        client: fixture.client(),
        url: cdn.url('chunked.ipa', 10_000_000, { chunked: true }),
        folder,
        freeBytesLimit: 10_000_000,
        timeoutMs: 5000,
      });
      assert.equal(saved.bytes, 10_000_000);
      assert.equal(sha256(saved.path), cdn.digest('chunked.ipa', 10_000_000));
    } finally {
      await cdn.close();
    }
  });

  it('two downloads of the same name at once both arrive, under two names, and neither replaces the other', async () => {
    const build = iosSuccess();
    const link = build.links.download[0];
    const file = decodeURIComponent(link.url.split('/').pop() ?? '');
    const client = fixture.client();
    const [first, second] = await Promise.all([
      saveArtifact({ client, url: link.url, folder, timeoutMs: 5000 }),
      saveArtifact({ client, url: link.url, folder, timeoutMs: 5000 }),
    ]);
    const copy = file.replace(/(\.[^.]+)$/, ' (2)$1');
    assert.deepEqual([first.name, second.name].sort(), [file, copy].sort());
    const digest = artifactDigest(artifactSeed(build._id, file), artifactSize(build._id, file));
    assert.equal(sha256(path.join(folder, file)), digest);
    assert.equal(sha256(path.join(folder, copy)), digest);
    assert.deepEqual(readdirSync(folder).sort(), [file, copy].sort());
  });

  it('a name taken by a link meanwhile is not replaced: the file gets the next name, the link stays as it was', async () => {
    const link = iosSuccess().links.download[0];
    const file = decodeURIComponent(link.url.split('/').pop() ?? '');
    const outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
    try {
      // Dangling: an existence check that follows links finds nothing there.
      symlinkSync(path.join(outside, 'planted'), path.join(folder, file));
      const saved = await saveArtifact({ client: fixture.client(), url: link.url, folder, timeoutMs: 5000 });
      assert.equal(saved.name, file.replace(/(\.[^.]+)$/, ' (2)$1'));
      assert.ok(lstatSync(path.join(folder, file)).isSymbolicLink(), 'the link is still there');
      assert.deepEqual(readdirSync(outside), [], 'nothing written through the link');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a destination through a symbolic link is refused before anything is asked of the network', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
    try {
      symlinkSync(outside, path.join(folder, 'build-artifacts'));
      fixture.service.clearRequests();
      const failure = await saveArtifact({
        client: fixture.client(),
        url: iosSuccess().links.download[0].url,
        root: folder,
        folder: path.join(folder, 'build-artifacts', 'nested'),
        timeoutMs: 5000,
      }).catch((e: unknown) => e);
      assert.ok(failure instanceof DownloadFailed, String(failure));
      assert.equal(failure.kind, 'folder');
      assert.equal(
        failure.reason,
        `${path.join(folder, 'build-artifacts')} is a symbolic link, and a download never follows one out of the folder you chose`,
      );
      assert.deepEqual(readdirSync(outside), []);
      assert.equal(fixture.service.requests.length, 0);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('temporary files older than a day are swept from the folder at the next download; fresh ones and other files stay', async () => {
    const old = (Date.now() - 25 * 60 * 60 * 1000) / 1000;
    const leftOver = 'app.ipa.0123abcd.download';
    const running = 'app.ipa.89abcdef.download';
    const mine = 'notes.download';
    for (const name of [leftOver, running, mine]) writeFileSync(path.join(folder, name), 'partial');
    utimesSync(path.join(folder, leftOver), old, old);
    utimesSync(path.join(folder, mine), old, old);
    const swept: string[] = [];
    const saved = await saveArtifact({
      client: fixture.client(),
      url: iosSuccess().links.download[0].url,
      folder,
      timeoutMs: 5000,
      onSwept: (names) => swept.push(...names),
    });
    assert.deepEqual(swept, [leftOver]);
    assert.deepEqual(readdirSync(folder).sort(), [saved.name, mine, running].sort());
  });

  it('a link to a link-local address (a cloud metadata service) is refused before connecting, saying why', async () => {
    const failure = await saveArtifact({
      client: fixture.client(),
      url: 'http://169.254.169.254/latest/meta-data/iam',
      folder,
      timeoutMs: 60_000,
    }).catch((e: unknown) => e);
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'refused');
    assert.equal(
      failure.reason,
      'the link leads to 169.254.169.254, a link-local address (such as a cloud metadata service), which a download may reach only when the service is there too',
    );
    assert.deepEqual(readdirSync(folder), []);
  });

  it('a redirect from the service to a private-network address is refused; loopback stays allowed as the service is on it', async () => {
    const build = iosSuccess();
    fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { redirectTo: 'http://10.20.30.40/internal.ipa', times: 1 });
    const failure = await saveArtifact({ client: fixture.client(), url: build.links.download[0].url, folder, timeoutMs: 60_000 }).catch(
      (e: unknown) => e,
    );
    assert.ok(failure instanceof DownloadFailed, String(failure));
    assert.equal(failure.kind, 'refused');
    assert.match(failure.reason, /^the link leads to 10\.20\.30\.40 on a private network/);
    assert.deepEqual(readdirSync(folder), []);
    // A name that resolves to this computer, like the service's own address: allowed.
    const cdn = await startArtifactHost();
    try {
      const viaName = cdn.url('local.ipa', 1000).replace('127.0.0.1', 'localhost');
      fixture.service.setFault('GET /builds/:build_id/artifacts/:file', { redirectTo: viaName, times: 1 });
      const saved = await saveArtifact({ client: fixture.client(), url: build.links.download[0].url, folder, timeoutMs: 5000 });
      assert.equal(saved.bytes, 1000);
    } finally {
      await cdn.close();
    }
  });
});

describe('where a download may go', () => {
  it('each address is on the network it belongs to, IPv4-mapped IPv6 as its IPv4 address', () => {
    const cases: [string, AddressRange][] = [
      ['127.0.0.1', 'loopback'],
      ['127.8.9.10', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['[::ffff:127.0.0.1]', 'loopback'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['::ffff:a9fe:a9fe', 'link-local'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fd00::1', 'private'],
      ['0.0.0.0', 'reserved'],
      ['::', 'reserved'],
      ['224.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['not-an-address', 'reserved'],
      ['172.32.0.1', 'public'],
      ['8.8.8.8', 'public'],
      ['2606:4700::1111', 'public'],
    ];
    assert.deepEqual(
      cases.map(([address]) => [address, addressRange(address)]),
      cases,
    );
  });

  it('public addresses always; loopback, link-local and private only when the service is on the same kind; reserved never', () => {
    assert.ok(addressAllowed('public', new Set()));
    assert.ok(!addressAllowed('loopback', new Set(['public'])));
    assert.ok(addressAllowed('loopback', new Set(['loopback'])));
    assert.ok(!addressAllowed('link-local', new Set(['loopback'])));
    assert.ok(!addressAllowed('private', new Set(['loopback'])));
    assert.ok(addressAllowed('private', new Set(['private'])));
    assert.ok(!addressAllowed('reserved', new Set(['reserved'])));
  });
});

describe('buildService.downloadSizeLimitMB', () => {
  it('is a number of megabytes from 1 to 1,000,000, 4096 when unset; anything else reads as the default with a problem', () => {
    assert.deepEqual(checkDownloadSizeLimit(undefined), { ok: true, value: 4096 });
    assert.deepEqual(checkDownloadSizeLimit(250), { ok: true, value: 250 });
    assert.deepEqual(checkDownloadSizeLimit('big'), { ok: false, problem: 'it must be a number of megabytes' });
    assert.deepEqual(checkDownloadSizeLimit(0), { ok: false, problem: 'it must be between 1 and 1000000' });
  });
});

describe('a download from an https:// service', () => {
  let ca: TestCa;
  let secure: RunningService;
  const savedExtraCa = process.env.NODE_EXTRA_CA_CERTS;
  let folder: string;
  before(async () => {
    ca = createTestCa();
    secure = await startService({ tls: ca.issue(['127.0.0.1']) });
  });
  beforeEach(() => {
    process.env.NODE_EXTRA_CA_CERTS = ca.certFile;
    folder = mkdtempSync(path.join(tmpdir(), 'artifacts-'));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
    if (savedExtraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = savedExtraCa;
  });
  after(() => secure.close());

  it('is not followed down a redirect to http://, and says why', async () => {
    const cdn = await startArtifactHost();
    const client = new BuildServiceClient({ baseUrl: secure.baseUrl, getToken: () => Promise.resolve(secure.token) });
    try {
      const build = secure.data.builds.find((b) => b.build_status === 'success' && b.links?.download.length === 2);
      assert.ok(build);
      secure.setFault('GET /builds/:build_id/artifacts/:file', { redirectTo: cdn.url('plain.ipa', 100_000), times: 1 });
      const failure = await saveArtifact({ client, url: build.links.download[0].url, folder, timeoutMs: 5000 }).catch((e: unknown) => e);
      assert.ok(failure instanceof DownloadFailed, String(failure));
      assert.equal(failure.kind, 'refused');
      assert.equal(
        failure.reason,
        `it was redirected from https:// to http://${new URL(cdn.origin).host}, where it would travel unencrypted`,
      );
      assert.equal(cdn.requests.length, 0, 'the http:// address was never asked');
      assert.deepEqual(readdirSync(folder), []);
      // Without the redirect, the same link arrives over https.
      assert.ok((await saveArtifact({ client, url: build.links.download[0].url, folder, timeoutMs: 5000 })).bytes > 0);
    } finally {
      await client.dispose();
      await cdn.close();
    }
  });

  it('does not fetch an http:// link it was given, before a byte is asked, and says why', async () => {
    const cdn = await startArtifactHost();
    const client = new BuildServiceClient({ baseUrl: secure.baseUrl, getToken: () => Promise.resolve(secure.token) });
    try {
      const hops: DownloadHop[] = [];
      const link = cdn.url('plain.ipa', 100_000);
      const failure = await saveArtifact({ client, url: link, folder, timeoutMs: 5000, onHop: (h) => hops.push(h) }).catch(
        (e: unknown) => e,
      );
      assert.ok(failure instanceof DownloadFailed, String(failure));
      assert.equal(failure.kind, 'refused');
      assert.equal(
        failure.reason,
        `the link leads to http://${new URL(cdn.origin).host}, where it would travel unencrypted, and the service uses https://`,
      );
      assert.deepEqual(hops, [], 'no hop was taken');
      assert.equal(cdn.requests.length, 0, 'the http:// address was never asked');
      assert.deepEqual(readdirSync(folder), []);
    } finally {
      await client.dispose();
      await cdn.close();
    }
  });
});
