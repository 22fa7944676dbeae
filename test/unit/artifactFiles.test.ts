// The files a download writes, on a real disk: a temporary file that cannot follow a link or replace
// a file, a final name that never replaces one, a destination that never leads through a link, and
// a .gitignore edited only when it is a regular file of the workspace, by appending bytes.
import * as assert from 'node:assert/strict';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createExclusive, finishWithoutReplacing } from '../../src/core/artifacts/artifactFile';
import { checkFolder, UnsafeFolder } from '../../src/core/artifacts/artifactFolder';
import { appendIgnoreLine, readGitignore } from '../../src/core/artifacts/gitignore';

describe('artifact files on disk', () => {
  let root: string;
  let outside: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'workspace-'));
    outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code;

  it('the temporary file is created only where nothing is: not through a link, not over a file', async () => {
    const target = path.join(outside, 'authorized_keys');
    writeFileSync(target, 'mine');
    symlinkSync(target, path.join(root, 'linked.download'));
    writeFileSync(path.join(root, 'taken.download'), 'theirs');
    for (const name of ['linked.download', 'taken.download']) {
      assert.equal(codeOf(await createExclusive(path.join(root, name)).catch((e: unknown) => e)), 'EEXIST', name);
    }
    assert.equal(readFileSync(target, 'utf8'), 'mine');
    assert.equal(readFileSync(path.join(root, 'taken.download'), 'utf8'), 'theirs');
    const stream = await createExclusive(path.join(root, 'new.download'));
    await new Promise<void>((resolve, reject) => stream.end('bytes', () => resolve()).once('error', reject));
    assert.equal(readFileSync(path.join(root, 'new.download'), 'utf8'), 'bytes');
  });

  it('the finished file takes the first free name and never replaces a file, a link or a folder there', async () => {
    writeFileSync(path.join(root, 'app.ipa'), 'older');
    symlinkSync(path.join(outside, 'x'), path.join(root, 'app (2).ipa'));
    mkdirSync(path.join(root, 'app (3).ipa'));
    writeFileSync(path.join(root, 'app.ipa.0123abcd.download'), 'new bytes');
    const saved = await finishWithoutReplacing(path.join(root, 'app.ipa.0123abcd.download'), root, 'app.ipa');
    assert.deepEqual(saved, { path: path.join(root, 'app (4).ipa'), name: 'app (4).ipa' });
    assert.equal(readFileSync(saved.path, 'utf8'), 'new bytes');
    assert.equal(readFileSync(path.join(root, 'app.ipa'), 'utf8'), 'older');
    assert.ok(lstatSync(path.join(root, 'app (2).ipa')).isSymbolicLink());
    assert.deepEqual(readdirSync(outside), []);
    assert.ok(!readdirSync(root).some((name) => name.endsWith('.download')), 'the temporary name is gone');
  });

  it('a destination is refused when a part of it is a symbolic link or a file, or it lies outside the root', async () => {
    symlinkSync(outside, path.join(root, 'build-artifacts'));
    writeFileSync(path.join(root, 'a-file'), '');
    const refusal = async (folder: string, create: boolean) => {
      const error = await checkFolder(root, folder, { create }).catch((e: unknown) => e);
      assert.ok(error instanceof UnsafeFolder, `${folder}: ${String(error)}`);
      return [error.reason, error.where];
    };
    for (const create of [false, true]) {
      assert.deepEqual(await refusal(path.join(root, 'build-artifacts'), create), ['symlink', path.join(root, 'build-artifacts')]);
      assert.deepEqual(await refusal(path.join(root, 'build-artifacts', 'deeper'), create), [
        'symlink',
        path.join(root, 'build-artifacts'),
      ]);
      assert.deepEqual(await refusal(path.join(root, 'a-file', 'x'), create), ['not-folder', path.join(root, 'a-file')]);
      assert.deepEqual(await refusal(path.join(root, '..', 'elsewhere'), create), ['outside', path.resolve(root, '..', 'elsewhere')]);
    }
    assert.deepEqual(readdirSync(outside), [], 'nothing was made through the link');
    await checkFolder(root, path.join(root, 'fine', 'nested'), { create: true });
    assert.ok(lstatSync(path.join(root, 'fine', 'nested')).isDirectory());
  });

  it('.gitignore gets the line appended as bytes, the rest of the file untouched, even when it is not UTF-8', async () => {
    const before = Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0d, 0x0a, 0x6f, 0x75, 0x74, 0x2f]); // "# été\r\nout/" in Latin-1
    writeFileSync(path.join(root, '.gitignore'), before);
    assert.equal(await appendIgnoreLine(root, 'build-artifacts'), true);
    assert.deepEqual(readFileSync(path.join(root, '.gitignore')), Buffer.concat([before, Buffer.from('\r\n/build-artifacts/\r\n')]));
    assert.equal(await appendIgnoreLine(root, 'build-artifacts'), true);
    assert.equal(readFileSync(path.join(root, '.gitignore')).length, before.length + 21, 'not added twice');
  });

  it('a .gitignore that is a symbolic link or a hard link is not written through; a missing one is created', async () => {
    const target = path.join(outside, 'gitignore');
    writeFileSync(target, 'theirs\n');
    symlinkSync(target, path.join(root, '.gitignore'));
    assert.deepEqual(await readGitignore(root), { kind: 'not-regular' });
    assert.equal(await appendIgnoreLine(root, 'build-artifacts'), false);
    rmSync(path.join(root, '.gitignore'));
    linkSync(target, path.join(root, '.gitignore'));
    assert.deepEqual(await readGitignore(root), { kind: 'not-regular' });
    assert.equal(await appendIgnoreLine(root, 'build-artifacts'), false);
    assert.equal(readFileSync(target, 'utf8'), 'theirs\n');
    rmSync(path.join(root, '.gitignore'));
    assert.deepEqual(await readGitignore(root), { kind: 'missing' });
    assert.equal(await appendIgnoreLine(root, 'build-artifacts'), true);
    assert.equal(readFileSync(path.join(root, '.gitignore'), 'utf8'), '/build-artifacts/\n');
  });
});
