// Artifact sizes (issue 50): what a Content-Range may say, how sizes read and compare, what is kept, and the
// ranged request itself against the reference service and hostile servers (real HTTP on 127.0.0.1).
import * as assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ARTIFACT_SIZE_MAX, contentRangeSize } from '../../src/api/downloads/artifactSize';
import { BuildServiceClient } from '../../src/api/client/client';
import { ApiError } from '../../src/api/errors';
import type { BuildLink } from '../../src/api/models';
import {
  changeLine,
  changeText,
  mainChange,
  pastLimit,
  SIZED_ARTIFACTS_MAX,
  sizeChanges,
  sizedArtifacts,
  sizeText,
  type ArtifactSize,
} from '../../src/core/artifacts/artifactSizes';
import { sizeNote } from '../../src/core/testing/sizeNote';
import { NO_SIZES, readSizes, SIZED_BUILDS_MAX, sizesOf, withNoticed, withSizes } from '../../src/core/artifacts/sizeStore';
import { sizeSeries } from '../../src/core/builds/historySizes';
import { checkSizeIncrease } from '../../src/core/settings/validateSizes';
import { createTestCa } from '../network/certificates';
import { startArtifactHost, startService, type Build } from '../service/server';
import { COMPARE_REPO } from '../service/seedCatalog';
import { COMPARE } from '../service/seedComparison';
import { featureAppBytes, SIZES } from '../service/seedSizes';
import { useReferenceService } from './clientFixture';
import { waitFor } from '../integration/wait';

const sized = (key: string, size: number | null | undefined, url = `https://cdn.example/${key}`): ArtifactSize => ({
  key,
  link: { name: key, url },
  size,
});

describe('artifact sizes: what a Content-Range says', () => {
  it('reads the whole length of our first-byte range', () => {
    assert.equal(contentRangeSize('bytes 0-0/42300000'), 42_300_000);
    assert.equal(contentRangeSize('BYTES 0-0/1'), 1);
  });

  it('reads nonsense as unknown: signs, exponents, letters, stars, another range, a length past the end or past 1 TB', () => {
    for (const header of [
      undefined,
      '',
      'bytes 0-0/-1',
      'bytes 0-0/1e308',
      'bytes 0-0/12abc',
      'bytes 0-0/+12',
      'bytes 0-0/12.5',
      'bytes */12345',
      'bytes 5-9/100',
      'bytes 0-0/0',
      'bytes 0-99/50',
      `bytes 0-0/${ARTIFACT_SIZE_MAX + 1}`,
      `bytes 0-0/${'9'.repeat(400)}`,
      `bytes 0-0/${'1'.repeat(100_000)}`,
      'bytes 0-0/12, bytes 0-0/13',
    ]) {
      assert.equal(contentRangeSize(header), undefined, String(header).slice(0, 40));
    }
  });
});

describe('artifact sizes: how they read', () => {
  it('in MB of 1,000,000 bytes, as the download limit counts them', () => {
    assert.equal(sizeText(42_300_000), '42.3 MB');
    assert.equal(sizeText(999), '999 B');
    assert.equal(sizeText(1_500), '1.5 KB');
    assert.equal(sizeText(2_500_000_000), '2.5 GB');
    for (const nonsense of [-1, Number.NaN, Infinity, null, undefined]) assert.equal(sizeText(nonsense), 'unknown');
  });

  it('a change with its sign and share of the base', () => {
    assert.equal(changeText(43_050_000, 41_650_000), '+1.4 MB (+3.4%)');
    assert.equal(changeText(41_450_000, 41_650_000), '-200.0 KB (-0.5%)');
    assert.equal(changeText(5, 5), 'no change');
  });
});

describe('artifact sizes: matched by name across builds', () => {
  it('the same name compares, a renamed one is new, one the base had is gone, an unknown size is said', () => {
    const now = [sized('app.apk', 43_050_000), sized('proguard-map.txt', 2_200_000), sized('symbols.zip', null)];
    const base = [sized('app.apk', 41_650_000), sized('mapping.txt', 2_100_000), sized('symbols.zip', null)];
    const changes = sizeChanges(now, base);
    assert.deepEqual(
      changes.map((c) => [c.key, c.kind]),
      [
        ['app.apk', 'compared'],
        ['proguard-map.txt', 'new'],
        ['symbols.zip', 'unknown'],
        ['mapping.txt', 'gone'],
      ],
    );
    assert.deepEqual(changes.map(changeLine), [
      'app.apk 43.1 MB, +1.4 MB (+3.4%)',
      'proguard-map.txt 2.2 MB, new',
      'symbols.zip: size unknown',
      'mapping.txt gone (was 2.1 MB)',
    ]);
  });

  it("a name listed twice is matched with the other build's second; past the first ten, nothing is asked", () => {
    const links: BuildLink[] = Array.from({ length: 30 }, (_, i) => ({
      name: i < 2 ? 'app.apk' : `file ${i}`,
      url: `https://cdn.example/${i}`,
    }));
    const artifacts = sizedArtifacts(links);
    assert.equal(artifacts.length, SIZED_ARTIFACTS_MAX);
    assert.deepEqual(
      artifacts.slice(0, 2).map((a) => a.key),
      ['app.apk', 'app.apk #2'],
    );
  });

  it('a 100 KiB name is matched by its start, and a nameless link by its file', () => {
    const [long, nameless] = sizedArtifacts([
      { name: 'x'.repeat(100 * 1024), url: 'https://cdn.example/a' },
      { name: '  ', url: 'https://cdn.example/builds/1/My%20App.ipa?sig=1' },
    ]);
    assert.equal(long?.key.length, 100);
    assert.equal(nameless?.key, 'My App.ipa');
  });

  it('the row names the app package (by name or address), else the largest known', () => {
    const links = [
      { key: 'Release', link: { name: 'Release', url: 'https://cdn.example/x/app-release.aab' } },
      { key: 'symbols', link: { name: 'symbols', url: 'https://cdn.example/x/s.zip' } },
    ];
    const changes = sizeChanges([sized('symbols', 90_000_000), sized('Release', 30_000_000)], undefined);
    assert.equal(mainChange(changes, links)?.key, 'Release');
    assert.equal(mainChange(sizeChanges([sized('a', 1), sized('b', 5), sized('c', null)], undefined), [])?.key, 'b');
  });
});

describe("artifact sizes: the team's limit", () => {
  const grew = sizeChanges([sized('app.apk', 43_050_000)], [sized('app.apk', 41_650_000)])[0];
  it('marks growth past the percent or the megabytes, either', () => {
    assert.equal(pastLimit(grew, { percent: 3 }), true);
    assert.equal(pastLimit(grew, { percent: 4 }), false);
    assert.equal(pastLimit(grew, { megabytes: 1 }), true);
    assert.equal(pastLimit(grew, { megabytes: 2 }), false);
    assert.equal(pastLimit(grew, { percent: 10, megabytes: 1 }), true);
    assert.equal(pastLimit(grew, undefined), false);
  });

  it('never marks a shrink, a new artifact or an unknown size', () => {
    const shrank = sizeChanges([sized('a', 1)], [sized('a', 2)])[0];
    const fresh = sizeChanges([sized('a', 100)], [sized('b', 1)])[0];
    const unknown = sizeChanges([sized('a', null)], [sized('a', 1)])[0];
    for (const change of [shrank, fresh, unknown]) assert.equal(pastLimit(change, { percent: 0, megabytes: 0 }), false);
  });

  it('the row says the base and the mark; the tooltip each artifact', () => {
    const changes = sizeChanges([sized('app.apk', 43_050_000), sized('new.txt', 10)], [sized('app.apk', 41_650_000)]);
    const comparison = { main: changes[0], changes, baseName: 'main #13', branch: 'main' };
    assert.deepEqual(sizeNote(comparison, undefined), {
      line: 'app.apk 43.1 MB, +1.4 MB (+3.4%) against main #13',
      detail: ['Artifact sizes against main #13:', '  app.apk 43.1 MB, +1.4 MB (+3.4%)', '  new.txt 10 B, new'],
    });
    assert.equal(
      sizeNote(comparison, { percent: 2 })?.line,
      'app.apk 43.1 MB, +1.4 MB (+3.4%) against main #13 · over the size limit (2%)',
    );
  });

  it('the setting: percent, megabytes or both; anything else is a problem', () => {
    assert.deepEqual(checkSizeIncrease(undefined), { ok: true, value: undefined });
    assert.deepEqual(checkSizeIncrease(null), { ok: true, value: undefined });
    assert.deepEqual(checkSizeIncrease({ percent: 5 }), { ok: true, value: { percent: 5, megabytes: undefined } });
    assert.deepEqual(checkSizeIncrease({ percent: 5, megabytes: 1.5 }), { ok: true, value: { percent: 5, megabytes: 1.5 } });
    for (const bad of [{}, 'x', 5, [], { percent: -1 }, { megabytes: '2' }, { percent: 5, other: 1 }, { percent: 1e308 }]) {
      assert.equal(checkSizeIncrease(bad).ok, false, JSON.stringify(bad));
    }
  });
});

describe('artifact sizes: what is kept', () => {
  it('a damaged store reads as not known, never as a size', () => {
    const stored = readSizes({
      builds: [['b1', { ok: 5, negative: -1, huge: 1e308, text: '12abc', fraction: 1.5, unknown: null }], 'junk', [3, {}], ['b2', null]],
      noticed: ['b1', 4],
    });
    assert.deepEqual(stored, { builds: [['b1', { ok: 5, unknown: null }]], noticed: ['b1'] });
    assert.deepEqual(readSizes('nonsense'), NO_SIZES);
  });

  it(`keeps ${SIZED_BUILDS_MAX} builds, the oldest going first, numeric ids too`, () => {
    let stored = NO_SIZES;
    for (let i = SIZED_BUILDS_MAX + 10; i > 0; i--) stored = withSizes(stored, String(i), { app: i });
    assert.equal(stored.builds.length, SIZED_BUILDS_MAX);
    // Added last: 1; first: SIZED_BUILDS_MAX + 10, gone with the nine after it.
    assert.equal(sizesOf(stored, String(SIZED_BUILDS_MAX + 1)), undefined);
    assert.deepEqual(sizesOf(stored, '1'), { app: 1 });
    assert.deepEqual(sizesOf(readSizes(JSON.parse(JSON.stringify(stored))), String(SIZED_BUILDS_MAX)), { app: SIZED_BUILDS_MAX });
  });

  it('a notice is remembered once per build', () => {
    const once = withNoticed(withNoticed(NO_SIZES, 'b1'), 'b1');
    assert.deepEqual(once.noticed, ['b1']);
  });
});

describe("artifact sizes: the history's series", () => {
  it('a size ten times the median is drawn at the top and marked; the table keeps its words', () => {
    const { series, texts } = sizeSeries([40_000_000, 41_000_000, null, 1e12, 42_000_000]);
    assert.equal(series.sizeTop, 46.2);
    assert.deepEqual(series.size, [40, 41, null, 46.2, 42]);
    assert.deepEqual(series.sizeOffScale, [null, null, null, 46.2, null]);
    assert.deepEqual(texts, ['40.0 MB', '41.0 MB', '', '1000.0 GB', '42.0 MB']);
    assert.equal(sizeSeries([1_000_000, 2_000_000]).series.sizeOffScale, undefined);
  });
});

describe('artifact sizes: the ranged request', () => {
  const fixture = useReferenceService();

  function compareBuild(branch: string): Build {
    const found = fixture.service.data.builds.filter((b) => b.repo_url === COMPARE_REPO && b.commit_info.branch === branch).at(-1);
    assert.ok(found, `a seeded build of ${branch}`);
    return found;
  }
  const linkOf = (build: Build, name: string) => {
    const link = build.links?.download.find((l) => l.name === name);
    assert.ok(link, `${name} on build ${build._id}`);
    return link.url;
  };

  it('one GET of the first byte, uncompressed, tells the exact size', async () => {
    const build = compareBuild(COMPARE.feature);
    fixture.service.clearRequests();
    assert.equal(await fixture.client().artifactSize(linkOf(build, SIZES.app)), featureAppBytes());
    const [request, ...more] = fixture.service.requests;
    assert.deepEqual(more, []);
    assert.equal(request?.method, 'GET');
    assert.equal(request?.headers.range, 'bytes=0-0');
    assert.equal(request?.headers['accept-encoding'], 'identity');
    assert.equal(request?.status, 206);
  });

  it('a server that ignores the range is cut off within a few KiB: the size is unknown, never a download', async () => {
    const build = compareBuild(COMPARE.feature);
    const started = Date.now();
    assert.equal(await fixture.client().artifactSize(linkOf(build, SIZES.whole)), undefined);
    const [trickle] = fixture.service.data.trickled;
    assert.ok(trickle);
    await waitFor(() => trickle.sent > 0, 'the server began to send');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(trickle.complete, false);
    assert.ok(trickle.sent <= 8 * 1024, `${trickle.sent} bytes sent of ${SIZES.wholeBytes}`);
    assert.ok(Date.now() - started < 5_000);
  });

  it('no token to another origin; a link that 404s rejects (read as unknown by the caller)', async () => {
    const cdn = await startArtifactHost();
    try {
      // The CDN ignores ranges: an answer of 200 is no size.
      assert.equal(await fixture.client().artifactSize(cdn.url('app.apk', 5_000_000)), undefined);
      assert.equal(cdn.requests[0]?.headers.authorization, undefined);
      const failure = await fixture
        .client()
        .artifactSize(`${fixture.service.baseUrl}/builds/nope/artifacts/x.apk`)
        .catch((e: unknown) => e);
      assert.ok(failure instanceof ApiError && failure.kind === 'not-found', String(failure));
    } finally {
      await cdn.close();
    }
  });
});

describe('artifact sizes: a hostile server', () => {
  let server: Server;
  let origin = '';
  const seen: IncomingHttpHeaders[] = [];
  let answer: { status: number; headers: Record<string, string>; body?: string } = { status: 206, headers: {} };
  before(async () => {
    server = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(answer.status, answer.headers).end(answer.body ?? 'x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a Content-Range that lies reads unknown', async () => {
    // The service is on loopback too, so the address checks allow this one.
    const client = new BuildServiceClient({ baseUrl: `${origin}/v1`, getToken: () => Promise.resolve('t0ken') });
    try {
      for (const range of [
        'bytes 0-0/-1',
        'bytes 0-0/1e308',
        'bytes 0-0/12abc',
        'bytes 0-0/0',
        `bytes 0-0/${'9'.repeat(5000)}`,
        'bytes 0-5/3',
      ]) {
        answer = { status: 206, headers: { 'content-range': range } };
        assert.equal(await client.artifactSize(`${origin}/a.apk`), undefined, range.slice(0, 30));
      }
      answer = { status: 206, headers: { 'content-range': 'bytes 0-0/777' } };
      assert.equal(await client.artifactSize(`${origin}/a.apk`), 777);
    } finally {
      await client.dispose();
    }
  });
});

describe('artifact sizes: from an https:// service', () => {
  it('an http:// link is refused before a request is sent', async () => {
    const ca = createTestCa();
    const secure = await startService({ tls: ca.issue(['127.0.0.1']) });
    const cdn = await startArtifactHost();
    const client = new BuildServiceClient({ baseUrl: secure.baseUrl, getToken: () => Promise.resolve(secure.token) });
    try {
      const failure = await client.artifactSize(cdn.url('plain.apk', 100_000)).catch((e: unknown) => e);
      assert.ok(failure instanceof ApiError, String(failure));
      assert.match(failure.message, /unencrypted, refused/);
      assert.equal(cdn.requests.length, 0, 'the http:// address was never asked');
    } finally {
      await client.dispose();
      await cdn.close();
      await secure.close();
    }
  });
});
