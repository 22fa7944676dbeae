// Run in a fresh process by coldRequire.ts: `node requireOnce.js <file>` prints how long
// `require(file)` took, in ms. `node requireOnce.js <bundle> <cache dir> [prime]` times the bundle
// loader (src/bundleLoader.ts) instead, as a later window runs the bundle: from the code cache in
// <cache dir>; with `prime` it saves that cache first and prints nothing. `vscode` resolves to a stub,
// as outside the host there is none; the bundles touch it only when activated.
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BundleLoader } from '../../src/bundleLoader';

/* eslint-disable @typescript-eslint/unbound-method -- Node's resolver is called with its own `this` below */
const load = createRequire(__filename);
const stub = load.resolve('./vscodeStub');
const resolving = Module as unknown as { _resolveFilename(this: unknown, request: string, ...rest: unknown[]): string };
const resolve = resolving._resolveFilename;
resolving._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
  return request === 'vscode' ? stub : resolve.call(this, request, ...rest);
};
load(stub); // loaded before timing: in the host, vscode is there before any extension loads

const [file = '', cacheDir, prime] = process.argv.slice(2);
const loader = cacheDir === undefined ? undefined : new BundleLoader(path.dirname(file), { cacheDir, saveDelayMs: 0 });
const start = performance.now();
if (loader) loader.load(path.basename(file));
else load(file);
const elapsed = performance.now() - start; // before touching process.stdout, whose first use costs ms
if (prime) void loader?.saved();
else process.stdout.write(String(elapsed));
