// The tests entry of `npm run bench:host` (test/host/benchActivation.mjs), loaded by VS Code in a fresh
// extension host: times the extension's activation (loading dist/extension.js, then VS Code's
// activation with activate()), set up as a user's window is (service address and token set, the views
// closed), then checks that activation loaded no HTTP code and sent nothing. One activation per host.
import { mkdtempSync, writeFileSync } from 'node:fs';
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
    const empty = path.join(mkdtempSync(path.join(tmpdir(), 'bench-')), 'empty.js');
    writeFileSync(empty, '');
    const emptyStart = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(empty);
    const emptyMs = performance.now() - emptyStart;
    // Loading the bundle first, on its own, splits the figure into what loading costs and what VS Code's
    // activation (context, storage) and activate() cost; VS Code then finds the module loaded.
    const start = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(path.join(ext.extensionPath, 'dist', 'extension.js'));
    const loadMs = performance.now() - start;
    await ext.activate();
    const activationMs = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const httpCodeLoaded = Object.keys(require.cache).some((file) => /[\\/]dist[\\/]api\.js$/.test(file));
    writeFileSync(resultFile, JSON.stringify({ activationMs, loadMs, emptyMs, httpCodeLoaded, requests: service.requests.length }));
  } finally {
    await settings.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await service.close();
  }
}
