// The tests entry of `npm run bench:host` (test/host/benchActivation.mjs), loaded by VS Code in a fresh
// extension host: times the extension's activation from VS Code's start to its end (VS Code loads
// dist/start.js while it asks the workbench for the extension's context, then calls activate(), which
// runs dist/extension.js), with the loading and the activate() call on their own, set up as a user's
// window is (service address and token set, the views closed), then checks that activation loaded
// none of the bundles meant for first use (HTTP, QR) and sent nothing.
// With BUILD_SERVICE_BENCH_PRIME=1 it then waits for the code cache to be saved, for the runs after it.
// One activation per host.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { startService } from '../service/server';
import { EXTENSION_ID, TOKEN_ENV_VAR } from './extension';

/** Give whatever activation started (timers, promises) time to send or load something. */
const SETTLE_MS = 1_000;
const STARTUP_SETTLE_MS = 3_000;
/** Longer than the bundle loader waits before saving a cache (src/bundleLoader.ts). */
const CACHE_SAVED_WITHIN_MS = 20_000;

interface Start {
  loadedBundles?(): ReadonlyMap<string, string>;
}

export async function run(): Promise<void> {
  const resultFile = process.env.BUILD_SERVICE_BENCH_RESULT;
  if (!resultFile) throw new Error('BUILD_SERVICE_BENCH_RESULT must name the file for the result');
  const service = await startService();
  const settings = vscode.workspace.getConfiguration('buildService');
  try {
    await settings.update('baseUrl', service.baseUrl, vscode.ConfigurationTarget.Global);
    process.env[TOKEN_ENV_VAR] = service.token;
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    if (!ext) throw new Error(`${EXTENSION_ID} is not loaded`);
    if (ext.isActive) throw new Error('the extension was active before the bench could time it');
    // The tests start while the workbench is still loading on the same two cores; let it settle so the
    // figure is the extension's. An empty module loaded the same way is the baseline.
    await new Promise((resolve) => setTimeout(resolve, STARTUP_SETTLE_MS));
    const empty = path.join(mkdtempSync(path.join(tmpdir(), 'bench-')), 'empty.js');
    writeFileSync(empty, '');
    const emptyStart = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(empty);
    const emptyMs = performance.now() - emptyStart;
    // Activated as VS Code activates it when the view is opened: VS Code loads the bundle while it asks
    // the workbench for the extension's context (storage, secrets), then calls activate(). The timings
    // of those two parts of ours are taken on the way (timeLoadAndActivate).
    const { main } = ext.packageJSON as { main: string }; // dist/start.js, or the empty baseline's
    const parts = timeLoadAndActivate(path.join(ext.extensionPath, main));
    const start = performance.now();
    try {
      await ext.activate();
    } finally {
      parts.stop();
    }
    const end = performance.now();
    const activationMs = end - start;
    const { loadMs, activateCallMs } = parts;
    // Where the rest of the time went: VS Code's work before loading the bundle, its wait for the
    // extension's context (the workbench's answer) after loading, and its work after activate() returned.
    const beforeLoadMs = (parts.loadStart ?? start) - start;
    const contextWaitMs = (parts.activateStart ?? end) - (parts.loadEnd ?? start);
    const afterActivateMs = end - (parts.activateEnd ?? end);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    // The libraries loaded on first use (HTTP, QR) must not have been.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module VS Code loaded, to ask it
    const startModule = require(path.join(ext.extensionPath, main)) as Start;
    const bundles = startModule.loadedBundles?.() ?? new Map<string, string>();
    const lazyBundlesLoaded = [...bundles.keys()].filter((name) => name !== 'extension.js');
    if (process.env.BUILD_SERVICE_BENCH_PRIME === '1') await codeCacheSaved();
    writeFileSync(
      resultFile,
      JSON.stringify({
        activationMs,
        loadMs,
        activateCallMs,
        beforeLoadMs,
        contextWaitMs,
        afterActivateMs,
        emptyMs,
        lazyBundlesLoaded,
        compiled: bundles.get('extension.js'),
        requests: service.requests.length,
      }),
    );
  } finally {
    await settings.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await service.close();
  }
}

/** Waits for the code cache of dist/extension.js in this window's user data (the global storage). */
async function codeCacheSaved(): Promise<void> {
  const userData = process.env.BUILD_SERVICE_HOST_USER_DATA;
  if (!userData) throw new Error('BUILD_SERVICE_HOST_USER_DATA must name the user data folder to prime');
  const cacheDir = path.join(userData, 'User', 'globalStorage', EXTENSION_ID.toLowerCase(), 'code-cache');
  const deadline = Date.now() + CACHE_SAVED_WITHIN_MS;
  const saved = () =>
    existsSync(cacheDir) && readdirSync(cacheDir).some((file) => file.startsWith('extension.js.') && file.endsWith('.cache'));
  while (!saved()) {
    if (Date.now() > deadline) throw new Error(`no code cache was saved in ${cacheDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface LoadModule {
  exports: unknown;
}
type JsLoader = (this: unknown, module: LoadModule, filename: string) => void;

/**
 * Times the loading of `bundle` (Node's loader for .js files, which VS Code's require goes through)
 * and its activate() call (the function VS Code finds in the exports), for the one activation that
 * follows. `stop()` puts Node's loader back.
 */
interface LoadAndActivateTimes {
  /** performance.now() when loading started and ended, and when activate() was called and returned. */
  loadStart?: number;
  loadEnd?: number;
  activateStart?: number;
  activateEnd?: number;
  loadMs?: number;
  activateCallMs?: number;
  stop(): void;
}

function timeLoadAndActivate(bundle: string): LoadAndActivateTimes {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaders = (require('node:module') as { _extensions: Record<string, JsLoader> })._extensions;
  const nodeLoader = loaders['.js'];
  if (!nodeLoader) throw new Error("Node's .js loader was not found");
  const timings: LoadAndActivateTimes = { stop: () => (loaders['.js'] = nodeLoader) };
  loaders['.js'] = function (module, filename) {
    if (filename !== bundle) return nodeLoader.call(this, module, filename);
    const loadStart = (timings.loadStart = performance.now());
    nodeLoader.call(this, module, filename);
    timings.loadEnd = performance.now();
    timings.loadMs = timings.loadEnd - loadStart;
    const exports = module.exports as { activate(context: unknown): unknown };
    module.exports = {
      ...exports,
      activate(context: unknown) {
        const called = (timings.activateStart = performance.now());
        try {
          return exports.activate(context);
        } finally {
          timings.activateEnd = performance.now();
          timings.activateCallMs = timings.activateEnd - called;
        }
      },
    };
  };
  return timings;
}
