// Saving an artifact to disk against the reference service (real HTTP on 127.0.0.1, a real folder):
// complete and verified, or nothing left behind, with the reason; the token only to the service.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { saveArtifact, type ArtifactProgress } from '../../src/core/artifacts/artifactDownload';
import { DownloadFailed } from '../../src/core/artifacts/downloadFailure';
import { progressText } from '../../src/core/artifacts/downloadText';
import { artifactDigest, artifactSeed, artifactSize, LARGE_ARTIFACT_BYTES, startArtifactHost, type Build } from '../service/server';
import { useReferenceService } from './clientFixture';

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
});
