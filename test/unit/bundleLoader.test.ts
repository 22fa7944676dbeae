// The bundle loader (src/bundleLoader.ts) as windows use it: each "window" is a new Node process, as
// V8 keeps what it compiled for the life of a process and would hide whether the cache was read.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const loaderModule = path.resolve(__dirname, '../../src/bundleLoader.js');

/** What one window saw: how each bundle was compiled and what the bundle computed. */
interface Window {
  compiled: Record<string, string>;
  answer: string;
  sameLibrary: boolean;
}

/** Loads extension.js from `dir` in a new process, waits for its cache to be saved, says what it saw. */
function openWindow(dir: string, cacheDir: string | undefined): Window {
  const script = `
    const { BundleLoader } = require(${JSON.stringify(loaderModule)});
    const loader = new BundleLoader(${JSON.stringify(dir)}, { cacheDir: ${JSON.stringify(cacheDir)}, saveDelayMs: 0 });
    const extension = loader.load('extension.js');
    const answer = extension.answer();
    loader.saved().then(() => {
      process.stdout.write(JSON.stringify({ compiled: Object.fromEntries(loader.loaded()), answer, sameLibrary: extension.sameLibrary() }));
    });`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout) as Window;
}

function bundles(version: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundles-'));
  // A bundle as esbuild writes them: CommonJS, a sibling bundle required at the call site, Node's own modules.
  writeFileSync(
    path.join(dir, 'extension.js'),
    `"use strict";
     const { basename } = require('node:path');
     exports.answer = () => require('./library.js').greet(${JSON.stringify(version)}) + ' from ' + basename(__filename);
     exports.sameLibrary = () => require('./library.js') === require('./library.js');`,
  );
  writeFileSync(path.join(dir, 'library.js'), `exports.greet = (version) => 'hello ' + version;`);
  return dir;
}

const cacheFiles = (cacheDir: string, bundle: string) => readdirSync(cacheDir).filter((file) => file.startsWith(`${bundle}.`));

describe('bundle loader: later windows start from the code cache', () => {
  it('the first window compiles from source and saves; the next one compiles from the cache and runs the same', () => {
    const dir = bundles('v1');
    const cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'storage-')), 'code-cache');
    const first = openWindow(dir, cacheDir);
    assert.deepEqual(first.compiled, { 'extension.js': 'from-source', 'library.js': 'from-source' });
    assert.equal(first.answer, 'hello v1 from extension.js');
    assert.equal(first.sameLibrary, true, 'a sibling bundle is run once');
    assert.equal(cacheFiles(cacheDir, 'extension.js').length, 1);
    assert.equal(cacheFiles(cacheDir, 'library.js').length, 1);

    const second = openWindow(dir, cacheDir);
    assert.deepEqual(second.compiled, { 'extension.js': 'from-cache', 'library.js': 'from-cache' });
    assert.equal(second.answer, 'hello v1 from extension.js');
  });

  it('an updated bundle compiles from source, and its old cache is removed when the new one is saved', () => {
    const dir = bundles('v1');
    const cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'storage-')), 'code-cache');
    openWindow(dir, cacheDir);
    const [oldCache] = cacheFiles(cacheDir, 'extension.js');
    writeFileSync(
      path.join(dir, 'extension.js'),
      `exports.answer = () => 'updated'; exports.sameLibrary = () => true;`, // another length and time
    );
    const updated = openWindow(dir, cacheDir);
    assert.equal(updated.compiled['extension.js'], 'from-source');
    assert.equal(updated.answer, 'updated');
    assert.deepEqual(cacheFiles(cacheDir, 'extension.js').length, 1);
    assert.notEqual(cacheFiles(cacheDir, 'extension.js')[0], oldCache);
    assert.equal(openWindow(dir, cacheDir).compiled['extension.js'], 'from-cache');
  });

  it('a damaged cache is refused: the bundle compiles from source, runs, and the cache is saved again', () => {
    const dir = bundles('v1');
    const cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'storage-')), 'code-cache');
    openWindow(dir, cacheDir);
    const [cache] = cacheFiles(cacheDir, 'extension.js');
    writeFileSync(path.join(cacheDir, cache ?? 'missing'), 'not what V8 wrote');
    const damaged = openWindow(dir, cacheDir);
    assert.equal(damaged.compiled['extension.js'], 'from-source');
    assert.equal(damaged.answer, 'hello v1 from extension.js');
    assert.equal(openWindow(dir, cacheDir).compiled['extension.js'], 'from-cache');
  });

  it('a bundle with text beyond ASCII (esbuild escapes it; another tool might not) reads as written', () => {
    const dir = bundles('v1');
    writeFileSync(path.join(dir, 'library.js'), `exports.greet = (version) => 'grüße ' + version + ' ✓';`);
    const cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'storage-')), 'code-cache');
    assert.equal(openWindow(dir, cacheDir).answer, 'grüße v1 ✓ from extension.js');
    const second = openWindow(dir, cacheDir);
    assert.equal(second.compiled['library.js'], 'from-cache');
    assert.equal(second.answer, 'grüße v1 ✓ from extension.js');
  });

  it('without a cache folder, or with one that cannot be made, the bundles still run (from source, nothing thrown)', () => {
    const dir = bundles('v1');
    assert.equal(openWindow(dir, undefined).answer, 'hello v1 from extension.js');
    const aFile = path.join(mkdtempSync(path.join(tmpdir(), 'storage-')), 'a-file');
    writeFileSync(aFile, '');
    const unwritable = openWindow(dir, path.join(aFile, 'code-cache'));
    assert.equal(unwritable.answer, 'hello v1 from extension.js');
    assert.equal(openWindow(dir, path.join(aFile, 'code-cache')).compiled['extension.js'], 'from-source');
  });
});
