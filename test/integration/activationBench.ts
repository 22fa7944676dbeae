// The tests entry of `npm run bench:host` (test/host/benchActivation.mjs), loaded by VS Code in a fresh
// extension host: times the extension's activation from VS Code's start to its end (VS Code loads
// dist/extension.js while it asks the workbench for the extension's context, then calls activate()),
// with the loading and the activate() call on their own, set up as a user's window is (service address
// and token set, the views closed), then checks that activation loaded none of what is meant for first
// use (dist/libraries.js: HTTP, QR) and sent nothing. One activation per host.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { startService } from '../service/server';
import { EXTENSION_ID, TOKEN_ENV_VAR } from './extension';

/** Give whatever activation started (timers, promises) time to send or load something. */
const SETTLE_MS = 1_000;
const STARTUP_SETTLE_MS = 3_000;
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
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
    const empty = path.join(emptyDir, 'empty.js');
    writeFileSync(empty, '');
    const emptyStart = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(empty);
    const emptyMs = performance.now() - emptyStart;
    rmSync(emptyDir, { recursive: true, force: true });
    // Activated as VS Code activates it when the view is opened: VS Code loads the bundle while it asks
    // the workbench for the extension's context (storage, secrets), then calls activate(). The timings
    // of those two parts of ours are taken on the way (timeLoadAndActivate).
    const { main } = ext.packageJSON as { main: string }; // dist/extension.js, or the empty baseline's
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
    const libraries = path.join(ext.extensionPath, 'dist', 'libraries.js');
    const lazyBundlesLoaded = require.cache[libraries] ? ['libraries.js'] : [];
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
        requests: service.requests.length,
      }),
    );
  } finally {
    await settings.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await service.close();
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
