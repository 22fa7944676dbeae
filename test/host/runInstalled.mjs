// Tests the extension as a user has it: the packaged .vsix installed into a VS Code test host with
// code-server's `--install-extension`, next to the test-runner extension (test/installed/), which
// runs folders of mocha suites when VS Code starts and writes the exit code to a file we wait for.
//   node test/host/runInstalled.mjs [--host oldest|newest] [--suites smoke,german|integration|bench] [--only NAMES] [--vsix FILE]
// --suites takes one or more of (comma-separated, all in one host start):
//   smoke        test/smoke/, public behaviour only (the copy runs in production mode)
//   german       test/integration/german/, the same in German
//   integration  test/integration/suite/; the harness sets BUILD_SERVICE_TEST_HOOKS=1 in the
//                extension host's environment, so the extension exports its test hooks (src/extension.ts)
//   bench        test/integration/benchInstalled/, the host benches on 1.139.1 (benchRun.mjs), one file with --only
// smoke and german run with German as VS Code's display language (displayLanguage.mjs): the smoke
// suite reads the installed copy's German, which also shows that the .vsix carries its translations.
// Default: smoke,german. integration runs alone, in English.
// --only activation,network: just those suite files of the folders (BUILD_SERVICE_TEST_FILES, see
// test/integration/index.ts).
// Without --vsix it runs `npm run package` first. Expects out/ (node esbuild.mjs --tests).
// Results: $BUILD_SERVICE_TEST_RESULTS, default .vscode-test/results/installed-<suites>-<version>.json.
// Exit code: 0 all passed, 1 tests failed, 2 the host failed or the run timed out
// (BUILD_SERVICE_TEST_TIMEOUT seconds; default 300 for smoke and german, 900 for the integration suites).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from './browser.mjs';
import { startCodeServer, workbenchUrl } from './codeServer.mjs';
import { ensureHost } from './install.mjs';
import { packageVsix } from './packageVsix.mjs';
import { hostNamed, hostPaths, projectRoot, resultsDir, testCacheDir } from './layout.mjs';
import { createRunFolder } from './runFolder.mjs';
import { shutdown } from './shutdown.mjs';
import { awaitTestOutcome } from './testOutcome.mjs';
import { requirePackages } from './systemPackages.mjs';
import { startUiProbe, uiProbeEnvVar } from './uiProbe.mjs';
import { forwardConsole, outputTag } from './workbenchConsole.mjs';

/** Per suite set: its folder under out/test, display language, test hooks, and the whole run's cap for a host that hangs. */
const suiteSets = {
  smoke: { folder: 'smoke', locale: 'de', hooks: false, timeoutSeconds: 300 },
  german: { folder: 'integration/german', locale: 'de', hooks: false, timeoutSeconds: 300 },
  // About 5 minutes on 2 cores.
  integration: { folder: 'integration/suite', locale: undefined, hooks: true, timeoutSeconds: 900 },
  // The host benches on a host that runs only installed extensions, one file each with --only
  // (benchRun.mjs's runInstalledBench: the first window, a request on each route).
  bench: { folder: 'integration/benchInstalled', locale: undefined, hooks: true, timeoutSeconds: 400 },
};
const started = Date.now();
const say = (text) => console.log(`[installed ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);

function options() {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: 'oldest' },
      suites: { type: 'string', default: 'smoke,german' },
      only: { type: 'string' },
      vsix: { type: 'string' },
    },
  });
  const suites = values.suites.split(',').map((name) => name.trim());
  const unknown = suites.filter((name) => !Object.hasOwn(suiteSets, name));
  if (unknown.length > 0 || suites.length === 0)
    throw new Error(`--suites takes one or more of ${Object.keys(suiteSets).join(', ')}, not "${values.suites}"`);
  const sets = suites.map((name) => suiteSets[name]);
  // One host start has one display language and one extension mode.
  if (new Set(sets.map((set) => `${set.locale} ${set.hooks}`)).size > 1)
    throw new Error(`--suites ${values.suites}: integration runs in its own host (English, with test hooks)`);
  return {
    host: hostNamed(values.host),
    suites,
    folders: sets.map((set) => set.folder),
    locale: sets[0].locale,
    hooks: sets[0].hooks,
    timeoutSeconds: Math.max(...sets.map((set) => set.timeoutSeconds)),
    only: values.only,
    vsix: values.vsix && path.resolve(values.vsix),
  };
}

/** `npm run package` (vsce prints the file count and size). */
function packageExtension() {
  const { vsix, summary } = packageVsix();
  say(summary);
  return vsix;
}

/** As a user installs it: code-server's CLI unpacks the .vsix into the extensions folder. */
function installVsix(host, run, vsix) {
  const { nodeBinary, codeServerEntry } = hostPaths(host);
  const cli = spawnSync(
    nodeBinary,
    [codeServerEntry, '--extensions-dir', run.extensionsDir, '--user-data-dir', run.userDataDir, '--install-extension', vsix],
    { env: { ...process.env, ...run.env }, encoding: 'utf8', timeout: 120_000 },
  );
  const output = `${cli.stdout ?? ''}${cli.stderr ?? ''}`.trim();
  writeFileSync(run.file('install-extension.log'), output);
  if (cli.status !== 0 || !/successfully installed/i.test(output))
    throw new Error(`--install-extension ${vsix} failed (exit ${cli.status}):\n${output}`);
  say(
    output
      .split('\n')
      .filter((l) => /installed/i.test(l))
      .join(' '),
  );
}

/**
 * The runner extension, packed as a .vsix too: VS Code drops a folder in its extensions directory
 * that its CLI did not install. It holds the compiled out/ tree (tests, the reference service) and a
 * manifest; installed inside this project, its `require('mocha')` finds the project's node_modules.
 */
function packRunnerExtension(run) {
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  const dir = run.file('runner-extension');
  cpSync(path.join(projectRoot, 'out'), path.join(dir, 'out'), { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'build-service-test-runner',
        displayName: 'Build Service test runner',
        description: 'Runs the Build Service suites in a VS Code test host; installed by test/host/runInstalled.mjs.',
        publisher: 'buildservice',
        version,
        license: 'MIT',
        engines: { vscode: '^1.100.0' },
        main: './out/test/installed/runnerExtension.js',
        activationEvents: ['onStartupFinished'],
      },
      null,
      2,
    ),
  );
  const vsix = run.file('test-runner.vsix');
  const vsce = path.join(path.dirname(createRequire(import.meta.url).resolve('@vscode/vsce/package.json')), 'vsce');
  const packed = spawnSync(
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', vsix],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    },
  );
  if (packed.status !== 0) throw new Error(`packing the test-runner extension failed:\n${packed.stdout}${packed.stderr}`);
  return vsix;
}

/** Settles with the code the runner wrote to `doneFile`. */
async function waitForDone(doneFile) {
  for (;;) {
    if (existsSync(doneFile)) {
      try {
        return JSON.parse(readFileSync(doneFile, 'utf8')).code;
      } catch {
        // being written; read it again
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function printSummary(resultsFile, label) {
  if (!existsSync(resultsFile))
    return console.log(`${label}: no results written (the host or the test runner failed before mocha finished)`);
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  // This host does not forward the extension host's console (no development session), so mocha's own
  // report is not seen; the results file has every test.
  const marks = { passed: '✔', failed: '✘', pending: '-' };
  for (const t of results.tests) console.log(`  ${marks[t.state] ?? '?'} ${t.title}${t.durationMs > 75 ? ` (${t.durationMs}ms)` : ''}`);
  console.log(`${label}: ${results.passes} passed, ${results.failures} failed, ${results.pending} pending`);
  for (const t of results.tests.filter((t) => t.state === 'failed')) console.log(`  failed: ${t.title}\n    ${t.error.split('\n')[0]}`);
}

async function main() {
  const { host, suites, folders, locale, hooks, timeoutSeconds: defaultTimeoutSeconds, only, vsix: givenVsix } = options();
  const name = suites.join('+');
  const label = `${name} (installed .vsix, VS Code ${host.vscode}${locale ? `, display language ${locale}` : ''})`;
  if (!existsSync(path.join(projectRoot, 'out', 'test', 'installed', 'runnerExtension.js')))
    throw new Error('out/ is missing; build first: node esbuild.mjs --tests');
  const resultsFile = path.resolve(
    process.env.BUILD_SERVICE_TEST_RESULTS || path.join(resultsDir, `installed-${name}-${host.codeServer}.json`),
  );
  rmSync(resultsFile, { force: true });
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  requirePackages({ browser: true });
  await ensureHost(host);
  const vsix = givenVsix ?? packageExtension();

  const run = createRunFolder(`installed-${name}-${host.codeServer}`);
  say(`run folder (logs, screenshot on failure): ${run.dir}`);
  installVsix(host, run, vsix);
  installVsix(host, run, packRunnerExtension(run));

  let page;
  const probe = await startUiProbe(() => page);
  const doneFile = run.file('done.json');
  // The bench's user settings, in place before the window opens (benchFirstWindow.mjs).
  const settingsFile = process.env.BUILD_SERVICE_TEST_SETTINGS_FILE;
  const server = await startCodeServer(run, {
    host,
    locale,
    settings: settingsFile ? JSON.parse(readFileSync(settingsFile, 'utf8')) : undefined,
    env: {
      [uiProbeEnvVar]: probe.url,
      BUILD_SERVICE_TEST_OUTPUT_TAG: outputTag,
      BUILD_SERVICE_TEST_RESULTS: resultsFile,
      BUILD_SERVICE_TEST_SUITES: folders.join(','),
      ...(only ? { BUILD_SERVICE_TEST_FILES: only } : {}),
      BUILD_SERVICE_TEST_DONE: doneFile,
      // Only for the full suites: they drive the extension through its test hooks.
      ...(hooks ? { BUILD_SERVICE_TEST_HOOKS: '1' } : {}),
    },
  });
  say(`code-server ${host.codeServer} (VS Code ${host.vscode}) ${server.origin}`);
  ({ page } = await launchBrowser(run, host));
  const closeConsoleLog = forwardConsole(page, run.file('workbench-console.log'), {
    echoAll: Boolean(process.env.BUILD_SERVICE_TEST_VERBOSE),
  });
  // Not runIntegration.mjs's folder: npm test runs the two side by side, and the Git-backed suites
  // make and remove repositories in their folder.
  const workspace = path.join(testCacheDir, 'installed-workspace');
  mkdirSync(workspace, { recursive: true });
  // The integration suites find the seeded builds' tests in these sources (test/service/testSources.ts),
  // as npm run test:integration writes them; without them this run would depend on one having run before.
  if (hooks) {
    const { writeTestSources } = createRequire(import.meta.url)(path.join(projectRoot, 'out', 'test', 'service', 'testSources.js'));
    writeTestSources(workspace);
  }
  // As in runIntegration.mjs: a workspace file holding the folder, so a suite can add a second folder.
  const workspaceFile = path.join(testCacheDir, 'installed.code-workspace');
  writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'installed-workspace' }] }, null, 2));
  // BUILD_SERVICE_TEST_FOLDER: the folder the bench opens instead (a repository of its own).
  const opened = process.env.BUILD_SERVICE_TEST_FOLDER
    ? { folder: process.env.BUILD_SERVICE_TEST_FOLDER }
    : hooks
      ? { workspace: workspaceFile }
      : { folder: workspace };
  await page.goto(workbenchUrl(server, opened));
  say('workbench opened; the runner extension starts the tests');

  const ended = waitForDone(doneFile).then((code) => (code === 0 ? 0 : 1));
  const timeoutSeconds = Number(process.env.BUILD_SERVICE_TEST_TIMEOUT) || defaultTimeoutSeconds;
  const code = await awaitTestOutcome({ ended, server, page, run, timeoutSeconds, say, closeConsoleLog });
  printSummary(resultsFile, label);
  return code;
}

main().then(
  (code) => shutdown(code),
  (e) => {
    console.error(`[installed] ${e instanceof Error ? e.message : e}`);
    return shutdown(2);
  },
);
