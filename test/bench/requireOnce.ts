// Run in a fresh process by coldRequire.ts: `node requireOnce.js <file>` prints how long
// `require(file)` took, in ms. `vscode` resolves to a stub, as outside the host there is none; the
// bundles touch it only when activated, so loading them needs nothing real.
import Module, { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

/* eslint-disable @typescript-eslint/unbound-method -- Node's resolver is called with its own `this` below */
const load = createRequire(__filename);
const stub = load.resolve('./vscodeStub');
const resolving = Module as unknown as { _resolveFilename(this: unknown, request: string, ...rest: unknown[]): string };
const resolve = resolving._resolveFilename;
resolving._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
  return request === 'vscode' ? stub : resolve.call(this, request, ...rest);
};
load(stub); // loaded before timing: in the host, vscode is there before any extension loads

const file = process.argv[2];
const start = performance.now();
load(file);
const elapsed = performance.now() - start; // before touching process.stdout, whose first use costs ms
process.stdout.write(String(elapsed));
