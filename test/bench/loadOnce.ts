// Run in a fresh process by coldRequire.ts: `node loadOnce.js <bundle> <cache dir> [prime]` prints how
// long the bundle loader (src/bundleLoader.ts) took to run the bundle, in ms, as a later window runs
// it: from the code cache in <cache dir>. With `prime` it saves that cache first and prints nothing.
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

const [bundle = '', cacheDir = '', prime] = process.argv.slice(2);
const loader = new BundleLoader(path.dirname(bundle), { cacheDir, saveDelayMs: 0 });
const start = performance.now();
loader.load(path.basename(bundle));
const elapsed = performance.now() - start; // before touching process.stdout, whose first use costs ms
if (prime) void loader.saved();
else process.stdout.write(String(elapsed));
