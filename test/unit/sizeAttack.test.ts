// Issue 50 reviewed as an attacker: a hostile service (and hostile artifact servers, real HTTP on 127.0.0.1)
// against the ranged first-byte request, the size store and the words the sizes are shown in.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { BuildServiceClient } from '../../src/api/client/client';
import { ApiError } from '../../src/api/errors';
import type { BuildLink } from '../../src/api/models';
import { changeLine, sizeChanges, sizedArtifacts, SIZED_ARTIFACTS_MAX, type ArtifactSize } from '../../src/core/artifacts/artifactSizes';
import { knownSizes, NO_SIZES, readSizes, SIZED_BUILDS_MAX, STORE_BYTES_MAX, withSizes } from '../../src/core/artifacts/sizeStore';
import { sizeAnswerText } from '../../src/core/tools/sizeAnswer';
import { sizeNote } from '../../src/core/testing/sizeNote';
import { checkSizeIncrease } from '../../src/core/settings/validateSizes';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 whose every answer `handler` writes; the requests it saw. */
async function hostile(handler: Handler): Promise<{
  origin: string;
  seen: IncomingMessage[];
  close: () => Promise<void>;
}> {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const TOKEN = 'secret-t0ken-value';
const clientFor = (origin: string, timeoutMs?: number) =>
  new BuildServiceClient({
    baseUrl: `${origin}/v1`,
    getToken: () => Promise.resolve(TOKEN),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    (value) => assert.fail(`expected a rejection, got ${String(value)}`),
    (error: unknown) => error,
  );

describe('size attack: hostile links', () => {
  it('a redirect to another origin carries no token; the foreign server never sees it', async () => {
    const foreign = await hostile((_q, r) => r.writeHead(206, { 'content-range': 'bytes 0-0/1234' }).end('x'));
    const service = await hostile((_q, r) => r.writeHead(302, { location: `${foreign.origin}/app.apk?sig=S1GNED` }).end());
    const client = clientFor(service.origin);
    try {
      assert.equal(await client.artifactSize(`${service.origin}/a.apk`), 1234);
      assert.equal(service.seen[0]?.headers.authorization, `Bearer ${TOKEN}`);
      assert.equal(foreign.seen[0]?.headers.authorization, undefined);
      assert.equal(foreign.seen[0]?.headers.range, 'bytes=0-0');
    } finally {
      await client.dispose();
      await Promise.all([service.close(), foreign.close()]);
    }
  });

  it('a redirect loop ends after a few hops, and its error keeps the signed query out', async () => {
    const loop = await hostile((q, r) => r.writeHead(302, { location: `${q.url ?? '/'}x` }).end());
    const client = clientFor(loop.origin);
    try {
      const failure = await failureOf(client.artifactSize(`${loop.origin}/a.apk?sig=S1GNED`));
      assert.ok(failure instanceof ApiError && failure.kind === 'invalid-response', String(failure));
      assert.ok(loop.seen.length <= 6, `${loop.seen.length} requests`);
      assert.doesNotMatch(`${failure.message} ${failure.url ?? ''} ${failure.serverMessage ?? ''}`, /S1GNED/);
    } finally {
      await client.dispose();
      await loop.close();
    }
  });

  it('a redirect to a private or metadata address is refused before it is asked', async () => {
    for (const target of [
      'http://10.0.0.1/app.apk',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/x',
      'http://[::ffff:192.168.1.1]/x',
    ]) {
      const service = await hostile((_q, r) => r.writeHead(302, { location: target }).end());
      const client = clientFor(service.origin, 2_000);
      try {
        const failure = await failureOf(client.artifactSize(`${service.origin}/a.apk`));
        assert.ok(failure instanceof ApiError && failure.kind === 'bad-request', `${target}: ${String(failure)}`);
        assert.match(failure.message, /refused/, target);
      } finally {
        await client.dispose();
        await service.close();
      }
    }
  });

  it('javascript:, file:, command: and data: links are refused without a request', async () => {
    const service = await hostile((_q, r) => r.writeHead(206, { 'content-range': 'bytes 0-0/5' }).end('x'));
    const client = clientFor(service.origin);
    try {
      for (const link of ['javascript:alert(1)', 'file:///etc/passwd', 'command:workbench.action.quit', 'data:,x', 'not a url']) {
        const failure = await failureOf(client.artifactSize(link));
        assert.ok(failure instanceof ApiError && failure.kind === 'bad-request', `${link}: ${String(failure)}`);
      }
      assert.equal(service.seen.length, 0);
    } finally {
      await client.dispose();
      await service.close();
    }
  });

  it('user info in a link is neither sent nor said; a 1 MiB link is one request and a short error', async () => {
    const server = await hostile((_q, r) => r.writeHead(404).end('no'));
    const client = clientFor(server.origin);
    try {
      const withUser = server.origin.replace('http://', 'http://mallory:pa55word@');
      const failure = await failureOf(client.artifactSize(`${withUser}/a.apk?X-Amz-Signature=S1GNED`));
      assert.ok(failure instanceof ApiError && failure.kind === 'not-found', String(failure));
      assert.equal(server.seen[0]?.headers.authorization, `Bearer ${TOKEN}`, 'the Bearer token, not the link’s password');
      assert.doesNotMatch(`${failure.message} ${failure.url ?? ''} ${failure.serverMessage ?? ''}`, /pa55word|mallory|S1GNED/);
      const long = await failureOf(client.artifactSize(`${server.origin}/${'a'.repeat(1024 * 1024)}`));
      assert.ok(long instanceof ApiError, String(long));
      assert.ok(long.message.length < 1_000, `${long.message.length} characters`);
    } finally {
      await client.dispose();
      await server.close();
    }
  });
});

describe('size attack: ranges', () => {
  it('206 without Content-Range, multipart/byteranges, and a 200 with a huge body read unknown', async () => {
    let answer: Handler = () => undefined;
    const server = await hostile((q, r) => answer(q, r));
    const client = clientFor(server.origin);
    try {
      answer = (_q, r) => r.writeHead(206, { 'content-type': 'application/octet-stream' }).end('x');
      assert.equal(await client.artifactSize(`${server.origin}/a`), undefined);
      answer = (_q, r) =>
        r
          .writeHead(206, {
            'content-type': 'multipart/byteranges; boundary=B',
          })
          .end('--B\r\nContent-Range: bytes 0-0/999\r\n\r\nx\r\n--B--');
      assert.equal(await client.artifactSize(`${server.origin}/a`), undefined);
      let sent = 0;
      answer = (_q, r) => {
        r.writeHead(200, {
          'content-length': String(1e9),
          'content-range': 'bytes 0-0/5',
        });
        const chunk = Buffer.alloc(64 * 1024);
        const more = () => {
          while (sent < 1e9 && r.write(chunk)) sent += chunk.length;
        };
        r.on('drain', more);
        more();
      };
      assert.equal(await client.artifactSize(`${server.origin}/a`), undefined, 'a 200 is no size, whatever it says');
    } finally {
      await client.dispose();
      await server.close();
    }
  });

  it('two Content-Range headers that disagree read unknown', async () => {
    const server = await hostile((_q, r) => {
      r.setHeader('content-range', ['bytes 0-0/5', 'bytes 0-0/999999']);
      r.writeHead(206).end('x');
    });
    const client = clientFor(server.origin);
    try {
      assert.equal(await client.artifactSize(`${server.origin}/a`), undefined);
    } finally {
      await client.dispose();
      await server.close();
    }
  });

  it('a gzip-encoded 206 is asked for identity and its range read as sent', async () => {
    const server = await hostile((_q, r) =>
      r
        .writeHead(206, {
          'content-encoding': 'gzip',
          'content-range': 'bytes 0-0/4321',
        })
        .end(gzipSync('x')),
    );
    const client = clientFor(server.origin);
    try {
      assert.equal(await client.artifactSize(`${server.origin}/a`), 4321);
      assert.equal(server.seen[0]?.headers['accept-encoding'], 'identity');
    } finally {
      await client.dispose();
      await server.close();
    }
  });

  /** A TCP server that answers every connection with `write`; its sockets, to be closed. */
  async function rawServer(write: (socket: Socket) => void): Promise<{ origin: string; close: () => Promise<void> }> {
    const sockets = new Set<Socket>();
    const server: NetServer = createNetServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('data', () => write(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    };
  }

  it('a server that never sends headers, or trickles them, is given up within the timeout', async () => {
    const timers: NodeJS.Timeout[] = [];
    const silent = await rawServer(() => undefined);
    const trickle = await rawServer((socket) => {
      socket.write('HTTP/1.1 206 Partial Content\r\n');
      timers.push(setInterval(() => socket.write('X-Pad: x\r\n'), 100));
    });
    const silentClient = clientFor(silent.origin, 800);
    const trickleClient = clientFor(trickle.origin, 800);
    try {
      for (const [client, origin] of [
        [silentClient, silent.origin],
        [trickleClient, trickle.origin],
      ] as const) {
        const started = Date.now();
        const failure = await failureOf(client.artifactSize(`${origin}/a`));
        assert.ok(failure instanceof ApiError, String(failure));
        assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
      }
    } finally {
      for (const t of timers) clearInterval(t);
      await Promise.all([silentClient.dispose(), trickleClient.dispose()]);
      await Promise.all([silent.close(), trickle.close()]);
    }
  });
});

describe('size attack: names', () => {
  const link = (name: string, url = `https://cdn.example/${encodeURIComponent(name)}`): BuildLink => ({ name, url });

  it('an artifact called constructor, __proto__ or toString is asked like any other, never "known" from the prototype', () => {
    const build = {
      id: 'b1',
      links: {
        install: [],
        download: [link('constructor'), link('__proto__'), link('toString'), link('app.apk')],
      },
    };
    const none = knownSizes(NO_SIZES, build);
    assert.deepEqual(
      none.map((a) => a.size),
      [undefined, undefined, undefined, undefined],
    );
    const stored = readSizes(
      JSON.parse(
        JSON.stringify(
          withSizes(
            NO_SIZES,
            'b1',
            Object.fromEntries([
              ['__proto__', 7],
              ['constructor', 8],
            ]),
          ),
        ),
      ),
    );
    assert.deepEqual(
      knownSizes(stored, build).map((a) => a.size),
      [8, 7, undefined, undefined],
    );
  });

  it('a link named like the second of a twice-listed name keeps its own key', () => {
    const keys = sizedArtifacts([link('a.apk'), link('a.apk'), link('a.apk #2')]).map((a) => a.key);
    assert.equal(new Set(keys).size, keys.length, JSON.stringify(keys));
  });

  it('markdown, command links, bidi and zero-width characters and a 100 KiB name are plain and short in every line', () => {
    const hostileName = `[click](command:workbench.action.quit) <command:x> \u202Egpj.exe\u200B ${'n'.repeat(100 * 1024)}`;
    const now: ArtifactSize[] = [
      {
        key: sizedArtifacts([link(hostileName)])[0]?.key ?? '',
        link: link(hostileName),
        size: 5,
      },
    ];
    const base: ArtifactSize[] = [{ key: now[0]?.key ?? '', link: link(hostileName), size: 4 }];
    const changes = sizeChanges(now, base);
    const branch = `main](command:x) \u202E${'b'.repeat(100 * 1024)}`;
    const note = sizeNote({ main: changes[0], changes, baseName: undefined, branch }, { percent: 1 });
    const answer = sizeAnswerText(
      [
        {
          appName: hostileName,
          build: { id: 'b', buildNumber: 1 } as never,
          comparison: {
            main: changes[0],
            changes,
            baseName: undefined,
            branch,
          },
        },
      ],
      {
        percent: 1,
      },
    );
    for (const text of [changeLine(changes[0]), note?.line ?? '', ...(note?.detail ?? []), ...answer.split('\n')]) {
      assert.doesNotMatch(text, /\]\(|<command:|[\u202E\u200B]/, text.slice(0, 80));
      assert.ok(text.length < 400, `${text.length} characters: ${text.slice(0, 60)}`);
    }
  });
});

describe('size attack: the store', () => {
  it(`${SIZED_BUILDS_MAX} builds of hostile ids and names stay a small entry in globalState, the newest kept`, () => {
    let stored = NO_SIZES;
    // Names of control characters, which JSON writes six bytes each; ids of 64 KiB, and of 200 characters.
    const names = Array.from({ length: SIZED_ARTIFACTS_MAX }, (_, i) => `${'\u0001'.repeat(50)}${i}`);
    for (let b = 0; b < SIZED_BUILDS_MAX * 2; b++) {
      const id = `${b}-${'i'.repeat(b % 2 ? 64 * 1024 : 200)}`;
      stored = withSizes(stored, id, Object.fromEntries(names.map((n) => [n, 1_000_000])));
    }
    const bytes = Buffer.byteLength(JSON.stringify(stored));
    // The old code kept 34.1 MiB here.
    assert.ok(bytes <= STORE_BYTES_MAX, `${(bytes / 1024 / 1024).toFixed(1)} MiB kept`);
    assert.ok(stored.builds.length > 50, `${stored.builds.length} builds kept`);
    assert.equal(stored.builds.at(-1)?.[0], `${SIZED_BUILDS_MAX * 2 - 2}-${'i'.repeat(200)}`, 'the newest that fits is kept');
    // A store written by an older version is read to the same bound.
    const old = {
      builds: Array.from({ length: SIZED_BUILDS_MAX }, (_, b) => [`${b}-${'i'.repeat(64 * 1024)}`, { 'a.apk': 5 }]),
      noticed: [],
    };
    assert.ok(Buffer.byteLength(JSON.stringify(readSizes(old))) <= STORE_BYTES_MAX);
  });

  it('an ordinary build still is kept', () => {
    const stored = withSizes(NO_SIZES, '65f0c0ffee0123456789abcd', {
      'app-release.apk': 42_300_000,
    });
    assert.equal(stored.builds.length, 1);
  });
});

describe('size attack: the limit setting', () => {
  it('a workspace may set nothing but a bounded object', () => {
    for (const bad of [
      0,
      -1,
      '5',
      { percent: -5 },
      { percent: '5' },
      { percent: Number.NaN },
      { megabytes: Infinity },
      { [`k${'x'.repeat(1000)}`]: 1 },
      Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
    ]) {
      assert.equal(checkSizeIncrease(bad).ok, false, JSON.stringify(bad).slice(0, 40));
    }
    const problem = checkSizeIncrease({
      percent: 5,
      [`${'\u202E'}x`.repeat(10_000)]: 1,
    });
    assert.ok(!problem.ok && problem.problem.length < 200, 'the problem does not repeat the workspace’s text');
    assert.deepEqual(checkSizeIncrease({ percent: 0 }), {
      ok: true,
      value: { percent: 0, megabytes: undefined },
    });
  });
});
