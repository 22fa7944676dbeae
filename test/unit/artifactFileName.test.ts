// File names from the service are untrusted: whatever a header, a link's path or its name holds, the
// file lands as one plain name inside the chosen folder.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { downloadUrl, isServiceOrigin, loggableUrl } from '../../src/api/downloads/download';
import { dispositionName } from '../../src/api/downloads/downloadAnswer';
import { ApiError } from '../../src/api/errors';
import { artifactFileName, FILE_NAME_MAX_BYTES, numberedName, pathInside, safeFileName } from '../../src/core/artifacts/fileName';
import { ignoreLineFor, ignoresFolder } from '../../src/core/artifacts/gitignore';

describe('artifact file names', () => {
  const folder = path.resolve('/tmp/build-artifacts');

  const hostile: [string, string][] = [
    ['../../etc/passwd', '_.._etc_passwd'],
    ['..\\..\\Windows\\System32\\evil.dll', '_.._Windows_System32_evil.dll'],
    ['..', 'artifact'],
    ['.', 'artifact'],
    ['/', '_'],
    ['.bashrc', 'bashrc'],
    ['app\u0000.ipa', 'app.ipa'],
    ['line\nbreak.apk', 'linebreak.apk'],
    ['evil\u202Egpj.exe', 'evilgpj.exe'],
    ['C:\\temp\\x.ipa', 'C__temp_x.ipa'],
    ['con.txt', '_con.txt'],
    ['NUL', '_NUL'],
    ['a<b>c:d"e|f?g*h.zip', 'a_b_c_d_e_f_g_h.zip'],
    ['name. . ', 'name'],
    ['  spaced.ipa  ', 'spaced.ipa'],
  ];
  for (const [raw, expected] of hostile) {
    it(`${JSON.stringify(raw)} becomes ${JSON.stringify(expected)}, inside the folder`, () => {
      const name = safeFileName(raw);
      assert.equal(name, expected);
      assert.equal(pathInside(folder, name), path.join(folder, name));
    });
  }

  it('a long name is cut to the byte limit, keeping its extension and whole characters', () => {
    const name = safeFileName(`${'ä'.repeat(300)}.ipa`);
    assert.ok(Buffer.byteLength(name) <= FILE_NAME_MAX_BYTES, `${Buffer.byteLength(name)} bytes`);
    assert.match(name, /^ä+\.ipa$/);
    assert.ok(!name.includes('\uFFFD'));
  });

  it('a name of 100,000 characters gives the same safe name, its extension kept, without half a character', () => {
    // Invisible characters first: what is left after they go is the name.
    assert.equal(safeFileName(`${'\u200B'.repeat(100_000)}Release.apk`), 'Release.apk');
    assert.equal(safeFileName(`a${' '.repeat(800_000)}b.apk`), 'a.apk');
    // An odd start puts a join inside a pair of surrogates unless the cut keeps characters whole.
    for (const name of [safeFileName(`x${'😀'.repeat(50_000)}.apk`), safeFileName(`x${'😀'.repeat(50_000)}`)]) {
      assert.equal(Buffer.from(name, 'utf8').toString('utf8'), name, 'no lone surrogate');
      assert.ok(Buffer.byteLength(name) <= FILE_NAME_MAX_BYTES, `${Buffer.byteLength(name)} bytes`);
    }
    assert.ok(safeFileName(`x${'😀'.repeat(50_000)}.apk`).endsWith('😀.apk'));
  });

  it('a long name the cut leaves as a Windows device name ("con.apk") is still made safe', () => {
    // Before the cut the name is not a device's; the cut drops the padding and leaves "con" + ".apk".
    for (const device of ['con', 'NUL', 'com1', 'lpt²']) {
      const name = safeFileName(`${device}${' '.repeat(FILE_NAME_MAX_BYTES)}x.apk`);
      assert.ok(Buffer.byteLength(name) <= FILE_NAME_MAX_BYTES, `${Buffer.byteLength(name)} bytes`);
      assert.doesNotMatch(name, /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i, name);
      assert.ok(name.endsWith('.apk'), name);
    }
  });

  it('Unicode names stay as they are (NFC)', () => {
    assert.equal(safeFileName('Zu\u0308rich 天気 🚀.apk'), 'Zürich 天気 🚀.apk');
  });

  it('pathInside refuses anything that is not one plain name in the folder', () => {
    for (const name of ['../x', 'a/b', '..', '', '/etc/passwd']) assert.equal(pathInside(folder, name), undefined, name);
  });

  it("the name comes from the server's header, then the link's path, then the link's name", () => {
    const url = 'https://cdn.example/a/b/m2048%20Release.ipa?sig=1';
    assert.equal(artifactFileName({ suggested: 'from header.ipa', url, linkName: 'Link' }), 'from header.ipa');
    assert.equal(artifactFileName({ suggested: '..', url, linkName: 'Link' }), 'm2048 Release.ipa');
    assert.equal(artifactFileName({ url: 'https://cdn.example/', linkName: 'm2048 - Release' }), 'm2048 - Release');
    assert.equal(artifactFileName({ url: 'https://cdn.example/%2E%2E', linkName: ' .. ' }), 'artifact');
  });

  it('the choices for a name already taken: " (2)", " (3)" before its extension', () => {
    assert.deepEqual(
      [1, 2, 3].map((n) => numberedName('app.ipa', n)),
      ['app.ipa', 'app (2).ipa', 'app (3).ipa'],
    );
    assert.equal(numberedName('Makefile', 2), 'Makefile (2)');
  });

  it('Content-Disposition: filename* (UTF-8) before filename, quoted or not', () => {
    assert.equal(dispositionName(`attachment; filename="plain.ipa"; filename*=UTF-8''Z%C3%BCrich.ipa`), 'Zürich.ipa');
    assert.equal(dispositionName('attachment; filename="a \\"quoted\\" name.apk"'), 'a "quoted" name.apk');
    assert.equal(dispositionName('attachment; filename=bare.zip'), 'bare.zip');
    assert.equal(dispositionName('attachment'), undefined);
    assert.equal(dispositionName(undefined), undefined);
  });
});

describe('artifact links: scheme and origin', () => {
  const base = 'https://api.buildservice.example/v1';

  it('only http(s) links are downloaded', () => {
    for (const link of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://x.example/a', 'data:text/plain,hi', 'not a link']) {
      assert.throws(
        () => downloadUrl(link),
        (e: unknown) => e instanceof ApiError && e.kind === 'bad-request',
        link,
      );
    }
    assert.equal(downloadUrl('https://cdn.example/a.ipa').host, 'cdn.example');
    assert.equal(downloadUrl('http://127.0.0.1:8080/a.ipa').port, '8080');
  });

  it("the token's origin is the service's: same scheme, host and port, default ports and case normalised", () => {
    assert.ok(isServiceOrigin('https://api.buildservice.example/v1/builds/1/artifacts/a.ipa', base));
    assert.ok(isServiceOrigin('https://API.BuildService.example:443/other/path', base));
    assert.ok(isServiceOrigin('https://user:pass@api.buildservice.example/x', base));
  });

  it('another host, port or scheme is not the service, however alike it looks', () => {
    for (const link of [
      'http://api.buildservice.example/v1/a.ipa',
      'https://api.buildservice.example:8443/v1/a.ipa',
      'https://cdn.buildservice.example/a.ipa',
      'https://api.buildservice.example.evil.example/a.ipa',
      'https://evil.example/api.buildservice.example/a.ipa',
      'https://api.buildservice.example@evil.example/a.ipa',
    ]) {
      assert.ok(!isServiceOrigin(link, base), link);
    }
  });
});

describe('build-artifacts/ in .gitignore', () => {
  it('is found however it is written, and only as a whole line', () => {
    for (const line of ['build-artifacts', 'build-artifacts/', '/build-artifacts/', '  /build-artifacts/*  ', 'build-artifacts/**']) {
      assert.ok(ignoresFolder(`node_modules/\n${line}\nout/\n`, 'build-artifacts'), line);
    }
    for (const text of ['', 'node_modules/\n', '# build-artifacts\n', 'my-build-artifacts/\n', '!build-artifacts/\n']) {
      assert.ok(!ignoresFolder(text, 'build-artifacts'), text);
    }
  });

  it('is added as one line at the end, keeping the line ends of the file', () => {
    assert.equal(ignoreLineFor('', 'build-artifacts'), '/build-artifacts/\n');
    assert.equal(ignoreLineFor('out/\n', 'build-artifacts'), '/build-artifacts/\n');
    assert.equal(ignoreLineFor('out/', 'build-artifacts'), '\n/build-artifacts/\n');
    assert.equal(ignoreLineFor('out/\r\ndist/', 'build-artifacts'), '\r\n/build-artifacts/\r\n');
  });
});

describe('artifact links in the log', () => {
  it('keep origin and path, never the query a signed link carries its credential in', () => {
    assert.equal(loggableUrl('https://cdn.example/a/b.ipa?X-Amz-Signature=secret&exp=1'), 'https://cdn.example/a/b.ipa?…');
    assert.equal(loggableUrl('https://user:pw@cdn.example/a.ipa'), 'https://cdn.example/a.ipa');
    assert.equal(loggableUrl('http://127.0.0.1:8080/v1/builds/1/artifacts/m.ipa'), 'http://127.0.0.1:8080/v1/builds/1/artifacts/m.ipa');
    assert.equal(loggableUrl('nonsense'), '(not an address)');
  });
});
