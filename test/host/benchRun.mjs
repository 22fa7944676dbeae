// One bench entry run in a fresh test host (code-server's Node extension host in headless Chromium,
// as the integration suites use), through @vscode/test-electron's runTests and our launcher. The
// entry writes what it measured to BUILD_SERVICE_BENCH_RESULT; that JSON is the result.
import testElectron from '@vscode/test-electron';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHost } from './install.mjs';
import { projectRoot, resultsDir, testCacheDir } from './layout.mjs';
import { packageVsix } from './packageVsix.mjs';
import { requirePackages } from './systemPackages.mjs';

const launcher = fileURLToPath(new URL('./launcher.mjs', import.meta.url));

/** The compiled tests entry, e.g. 'bench/window' for out/test/integration/bench/window.js. */
export function benchEntry(name) {
  const entry = path.join(projectRoot, 'out', 'test', 'integration', `${name}.js`);
  if (!existsSync(entry)) throw new Error(`${entry} is missing; build first: node esbuild.mjs --production --tests`);
  return entry;
}

export async function prepareHost() {
  requirePackages({ browser: true });
  await ensureHost();
  mkdirSync(resultsDir, { recursive: true });
}

/**
 * Runs `entry` in a fresh host with the extension at `extensionPath` (ours unless told otherwise); its
 * result, or undefined (the reason is printed) when it wrote none. `env` is added to the host's
 * environment and `settings` to the user settings, both in place before the window opens; `workspace`
 * is the folder or .code-workspace file the window opens, made by the caller (default an empty folder).
 */
export async function runInFreshHost(entry, resultName, extensionPath = projectRoot, { env = {}, settings, workspace } = {}) {
  const resultFile = path.join(resultsDir, `${resultName}.json`);
  rmSync(resultFile, { force: true });
  const folder = workspace ?? path.join(testCacheDir, 'workspace');
  if (!workspace) mkdirSync(folder, { recursive: true });
  const settingsFile = path.join(resultsDir, `${resultName}.settings.json`);
  if (settings) writeFileSync(settingsFile, JSON.stringify(settings));
  try {
    await testElectron.runTests({
      vscodeExecutablePath: launcher,
      extensionDevelopmentPath: extensionPath,
      extensionTestsPath: entry,
      launchArgs: [folder, '--disable-extensions', ...(settings ? [`--user-settings=${settingsFile}`] : [])],
      extensionTestsEnv: { ...env, BUILD_SERVICE_BENCH_RESULT: resultFile },
    });
  } catch (e) {
    console.error(`${resultName} failed: ${e instanceof Error ? e.message : e}`);
  } finally {
    rmSync(settingsFile, { force: true });
  }
  return existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : undefined;
}

let vsix;

/**
 * One bench of test/integration/benchInstalled/ (`file`, without .test.ts) in a fresh window of a host
 * that runs only installed extensions (VS Code 1.139's web build ignores extensionTestsPath):
 * runInstalled.mjs --suites bench, the .vsix BUILD_SERVICE_BENCH_VSIX or `npm run package` once. As
 * runInFreshHost: its result, or undefined; `folder` is the folder the window opens.
 */
export async function runInstalledBench(hostName, file, resultName, { env = {}, settings = {}, folder } = {}) {
  vsix ??= process.env.BUILD_SERVICE_BENCH_VSIX || packageVsix().vsix;
  const resultFile = path.join(resultsDir, `${resultName}.json`);
  const settingsFile = path.join(resultsDir, `${resultName}.settings.json`);
  rmSync(resultFile, { force: true });
  writeFileSync(settingsFile, JSON.stringify(settings));
  // Not spawnSync: the caller may read the service's log of requests meanwhile.
  const args = ['--host', hostName, '--suites', 'bench', '--only', file, '--vsix', vsix];
  const child = spawn(process.execPath, [path.join(projectRoot, 'test', 'host', 'runInstalled.mjs'), ...args], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...env,
      BUILD_SERVICE_BENCH_RESULT: resultFile,
      BUILD_SERVICE_TEST_SETTINGS_FILE: settingsFile,
      ...(folder ? { BUILD_SERVICE_TEST_FOLDER: folder } : {}),
    },
  });
  const status = await new Promise((resolve) => child.on('exit', resolve));
  rmSync(settingsFile, { force: true });
  if (status !== 0) console.error(`${resultName}: runInstalled.mjs ended with ${status}`);
  return existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : undefined;
}
