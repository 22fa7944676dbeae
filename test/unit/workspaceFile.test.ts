// The workspace is not trusted: a branch can commit a link to /dev/zero or to a file outside the workspace,
// a FIFO, or a generated file of many MB. Real files, links and a FIFO in a temporary folder.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Build } from '../../src/api/models';
import { functionExtents } from '../../src/core/coverage/changedFunctions';
import { changedAnswerText } from '../../src/core/tools/changedAnswer';
import { readWorkspaceFile, skippedText, type WorkspaceRead } from '../../src/core/workspace/workspaceFile';

describe('reading a workspace file (one reader for every feature)', () => {
  let dir: string;
  let workspace: string;
  let outside: string;
  const read = (name: string, extra: { extensions?: string[]; maxBytes?: number; timeoutMs?: number } = {}): Promise<WorkspaceRead> =>
    readWorkspaceFile(path.join(workspace, name), {
      roots: [workspace],
      extensions: extra.extensions ?? ['swift', 'kt'],
      limits: { maxBytes: extra.maxBytes ?? 1024 * 1024, timeoutMs: extra.timeoutMs ?? 5_000 },
    });

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bs-read-'));
    workspace = path.join(dir, 'workspace');
    outside = path.join(dir, 'outside');
    mkdirSync(path.join(workspace, 'Sources'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(workspace, 'Sources', 'Merger.swift'), 'func merge() {}\n');
    writeFileSync(path.join(outside, 'Secret.swift'), 'func secret() {}\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a regular source file of the workspace', async () => {
    assert.deepEqual(await read('Sources/Merger.swift'), { kind: 'read', text: 'func merge() {}\n' });
  });

  it('a committed link Evil.swift -> /dev/zero is not read: not a regular file', async () => {
    symlinkSync('/dev/zero', path.join(workspace, 'Sources', 'Evil.swift'));
    assert.deepEqual(await read('Sources/Evil.swift'), { kind: 'skipped', reason: 'not-regular' });
    assert.equal(skippedText('Sources/Evil.swift', 'not-regular'), 'Sources/Evil.swift: not a regular file, not read');
  });

  it('a link to a file outside the workspace folder is not read; a link inside it is', async () => {
    symlinkSync(path.join(outside, 'Secret.swift'), path.join(workspace, 'Sources', 'Leak.swift'));
    assert.deepEqual(await read('Sources/Leak.swift'), { kind: 'skipped', reason: 'outside' });
    symlinkSync(path.join(workspace, 'Sources', 'Merger.swift'), path.join(workspace, 'Alias.swift'));
    assert.deepEqual(await read('Alias.swift'), { kind: 'read', text: 'func merge() {}\n' });
  });

  it('a file under a linked folder that leaves the workspace is not read', async () => {
    symlinkSync(outside, path.join(workspace, 'Linked'), 'dir');
    assert.deepEqual(await read('Linked/Secret.swift'), { kind: 'skipped', reason: 'outside' });
  });

  it('a FIFO is not opened (nothing would ever write to it)', async () => {
    execFileSync('mkfifo', [path.join(workspace, 'Pipe.swift')]);
    assert.deepEqual(await read('Pipe.swift'), { kind: 'skipped', reason: 'not-regular' });
  });

  it('the extension is checked before the file is touched: a link to /dev/zero named .txt is not opened', async () => {
    symlinkSync('/dev/zero', path.join(workspace, 'zero.txt'));
    assert.deepEqual(await read('zero.txt'), { kind: 'other-type' });
  });

  it('a file over the cap is not read, and says how large it may be', async () => {
    writeFileSync(path.join(workspace, 'Generated.swift'), 'x'.repeat(2048));
    assert.deepEqual(await read('Generated.swift', { maxBytes: 1024 }), { kind: 'skipped', reason: 'too-large' });
    assert.deepEqual(await read('Generated.swift', { maxBytes: 2048 }), { kind: 'read', text: 'x'.repeat(2048) });
    assert.equal(skippedText('Generated.swift', 'too-large'), 'Generated.swift: too large to read (over 4 MiB)');
  });

  it('a file that is not there, or a folder named like a source, is skipped with its reason', async () => {
    assert.deepEqual(await read('Gone.swift'), { kind: 'skipped', reason: 'unreadable' });
    mkdirSync(path.join(workspace, 'Folder.swift'));
    assert.deepEqual(await read('Folder.swift'), { kind: 'skipped', reason: 'not-regular' });
  });
});

describe('what a changed file not read, or a Kotlin name, says to the model', () => {
  it('a Kotlin name in backticks is data: no link, no icon; a file not read is named with why', () => {
    const kotlin = functionExtents('Evil.kt', 'fun `x [Fix it](command:workbench.action.quit) $(alert)`() {}\n');
    assert.equal(kotlin.length, 1);
    const build = { id: 'b1', buildNumber: 7, status: 'success', branch: 'main', commit: { sha: 'abc' } } as unknown as Build;
    const answer = changedAnswerText(
      build,
      kotlin.map((f) => ({ uri: 'Evil.kt', name: f.name, line: f.start, ran: false, sinceBuild: false })),
      (uri) => uri,
      [{ uri: 'Sources/Evil.swift', reason: 'not-regular' }],
    );
    assert.ok(!answer.includes('](command:'), answer);
    assert.match(answer, /- Sources\/Evil\.swift: not a regular file, not read$/m);
    assert.match(answer, /changed functions run by tests: 0 of 1/);
  });

  it('a branch of 100,000 changed files: 50 not read are named, and the rest counted, not dropped without a word', () => {
    const build = { id: 'b1', buildNumber: 7, status: 'success', branch: 'main', commit: { sha: 'abc' } } as unknown as Build;
    const skipped = Array.from({ length: 98_000 }, (_, i) => ({ uri: `Sources/F${i}.swift`, reason: 'too-many-files' as const }));
    const answer = changedAnswerText(build, [], (uri) => uri, skipped);
    assert.equal(answer.match(/: not read, only the first 2000 changed files are$/gm)?.length, 50);
    assert.match(answer, /^…and 97950 more\.$/m);
  });
});
