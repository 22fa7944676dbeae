// "Changed, not tested" reads up to 2,000 changed files, each within its own 5 s: with no time for the
// whole pass that was hours at worst (issue 47). Real files in a temporary folder, read by the one reader.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { functionExtents } from '../../src/core/coverage/changedFunctions';
import { readEachWithin } from '../../src/core/workspace/readPass';
import {
  CHANGED_FILES_MAX,
  CHANGED_FILES_SECONDS,
  extensionOf,
  readWorkspaceFile,
  skippedText,
} from '../../src/core/workspace/workspaceFile';

describe('reading many changed files within one time for all', () => {
  let workspace: string;
  const files: string[] = [];

  before(() => {
    workspace = mkdtempSync(path.join(tmpdir(), 'bs-pass-'));
    // 2,000 changed files, every fourth not a source file (never opened, so never "not read").
    for (let i = 0; i < 2_000; i++) {
      const file = path.join(workspace, i % 4 === 3 ? `notes${i}.txt` : `Source${i}.swift`);
      writeFileSync(file, `func changed${i}() {\n  return\n}\n`);
      files.push(file);
    }
  });
  after(() => rmSync(workspace, { recursive: true, force: true }));

  const step = {
    read: (file: string) => readWorkspaceFile(file, { roots: [workspace], extensions: ['swift'] }),
    use: (file: string, text: string) => Promise.resolve({ found: functionExtents(file, text).map((f) => f.name) }),
    wanted: (file: string) => extensionOf(file) === 'swift',
  };

  it('2,000 changed files and the time runs out: the files it did not reach are counted as not read, with why', async () => {
    const pass = await readEachWithin(files, step, 20);
    const sources = files.filter(step.wanted);
    const late = pass.skipped.filter((s) => s.reason === 'out-of-time').map((s) => s.file);
    assert.ok(late.length > 0, 'the time ran out before 2,000 files were read');
    assert.ok(pass.found.length < sources.length);
    // Every source file is either read or said to be not read; the rest are never named.
    assert.deepEqual(
      [...pass.found.map((name) => name.replace('changed', 'Source')), ...late.map((f) => path.basename(f, '.swift'))].sort(),
      sources.map((f) => path.basename(f, '.swift')).sort(),
    );
    assert.ok(
      pass.skipped.every((s) => s.file.endsWith('.swift')),
      'a .txt file is never reported',
    );
    // Those read come first, the rest after: one cut, in the order given.
    assert.deepEqual(late, sources.slice(sources.length - late.length));
    assert.equal(
      skippedText('Sources/Late.swift', 'out-of-time'),
      `Sources/Late.swift: not read, the ${CHANGED_FILES_SECONDS} s for all changed files ran out`,
    );
  });

  it('with time enough every source file is read, and none is said to be late', async () => {
    const pass = await readEachWithin(files.slice(0, 40), step, 60_000);
    assert.equal(pass.found.length, 30);
    assert.deepEqual(pass.skipped, []);
  });

  it('past the first source files it may read, every other changed source file is said as not read, none dropped unsaid', async () => {
    const pass = await readEachWithin(files, step, 60_000, 100);
    const sources = files.filter(step.wanted);
    assert.equal(pass.found.length, 100, 'the first 100 source files are read (a .txt file does not take a place)');
    assert.deepEqual(
      pass.skipped.map((s) => s.file),
      sources.slice(100),
      'each of the 1,400 others is named, in order',
    );
    assert.ok(pass.skipped.every((s) => s.reason === 'too-many-files'));
    assert.equal(
      skippedText('Sources/Far.swift', 'too-many-files'),
      `Sources/Far.swift: not read, only the first ${CHANGED_FILES_MAX} changed files are`,
    );
  });
});
