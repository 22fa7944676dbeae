// The tests entry of the view-open bench (test/host/benchViewOpen.mjs), loaded by VS Code in a fresh
// window with either our extension or the minimal one (test/bench/viewExtension/): a click on the
// Build Service icon in the activity bar, timed in the workbench page until the Apps view shows its
// first rows of apps. The service (200 apps) runs in a process of its own; its address and token come
// in the environment. One click per window, so each is a cold window's.
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { EXTENSION_ID, TOKEN_ENV_VAR } from '../extension';
import * as ui from '../ui';

/** The tests start while the workbench is still loading on the same two cores; the click waits for it. */
const STARTUP_SETTLE_MS = 3_000;
/** Rows of the Apps view (a pane whose header is "Apps"): more than one screen's worth of apps is past this. */
const APP_ROWS = '.sidebar .pane:has(> .pane-header[aria-label^="Apps"]) .monaco-list-row';
const ROWS_SHOWN = 10;

export async function run(): Promise<void> {
  const resultFile = process.env.BUILD_SERVICE_BENCH_RESULT;
  const baseUrl = process.env.BUILD_SERVICE_BENCH_SERVICE_URL;
  const token = process.env.BUILD_SERVICE_BENCH_SERVICE_TOKEN;
  if (!resultFile || !baseUrl || !token) throw new Error('BUILD_SERVICE_BENCH_RESULT, _SERVICE_URL and _SERVICE_TOKEN must be set');
  const settings = vscode.workspace.getConfiguration('buildService');
  try {
    await settings.update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
    // Both extensions ask SecretStorage first and find nothing there, then take the environment's token
    // (ours sends it without asking where BUILD_SERVICE_URL names the address).
    process.env[TOKEN_ENV_VAR] = token;
    process.env.BUILD_SERVICE_URL = baseUrl;
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    if (!ext) throw new Error(`${EXTENSION_ID} is not loaded`);
    if (ext.isActive) throw new Error('the extension was active before the click');
    await new Promise((resolve) => setTimeout(resolve, STARTUP_SETTLE_MS));
    const { ms: viewOpenMs } = await ui.timeClickUntil('.activitybar a.action-label[aria-label^="Build Service"]', APP_ROWS, ROWS_SHOWN);
    writeFileSync(resultFile, JSON.stringify({ viewOpenMs, rows: (await ui.texts(APP_ROWS)).slice(0, 3) }));
  } finally {
    await settings.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
  }
}
