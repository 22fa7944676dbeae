// The startup lane: what the extension does when a window opens, before anyone clicks. One fresh
// VS Code window (1.100.3, code-server in headless Chromium through launcher.mjs, as the integration
// suites run) per suite of test/startup/, opened on the repositories, settings and service its row of
// test/startup/windows.ts names. The reference service runs in a process of its own, started before
// the window opens, with a control port through which the suite reads what it was asked.
//   node test/host/runStartup.mjs [--only branchAtOpen,noToken]
// Expects the build in out/ (node esbuild.mjs --tests). Writes one results file for all windows to
// $BUILD_SERVICE_TEST_RESULTS (default .vscode-test/results/startup.json), the shape runAll.mjs reads.
import testElectron from '@vscode/test-electron';
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHost } from './install.mjs';
import { projectRoot, resultsDir } from './layout.mjs';
import { shutdown, stopOnExit } from './shutdown.mjs';
import { requirePackages } from './systemPackages.mjs';

const launcher = fileURLToPath(new URL('./launcher.mjs', import.meta.url));
const entry = path.join(projectRoot, 'out', 'test', 'startup', 'index.js');
const serviceMain = path.join(projectRoot, 'out', 'test', 'service', 'main.js');
/** A window's whole run, startup included; the longest suite waits about 90 s. */
const WINDOW_TIMEOUT_SECONDS = 300;

const started = Date.now();
const say = (text) => console.log(`[startup ${((Date.now() - started) / 1000).toFixed(0)}s] ${text}`);

/** The reference service in its own process; resolves once it has printed its address, token and control port. */
function startService(flags, logFile) {
  const child = spawn(process.execPath, [serviceMain, '--control', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  stopOnExit(
    async () => child.kill(),
    () => child.kill(),
  );
  const log = createWriteStream(logFile);
  child.stderr.pipe(log);
  return new Promise((resolve, reject) => {
    let output = '';
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(new Error(`the reference service ended (exit code ${code}) before it said where it runs; see ${logFile}`)),
    );
    child.stdout.on('data', (chunk) => {
      log.write(chunk);
      output += chunk;
      const [baseUrl, token, control] = ['Base URL', 'Token', 'Control'].map((name) => new RegExp(`${name}:\\s+(\\S+)`).exec(output)?.[1]);
      if (baseUrl && token && control) {
        child.stdout.removeAllListeners('data');
        child.stdout.pipe(log);
        child.removeAllListeners('exit');
        resolve({ baseUrl, token, control, stop: () => child.kill() });
      }
    });
  });
}

function git(dir, ...args) {
  execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A repository per row, each checked out on its branch before the window opens (Git reads it as it
 * opens); a .code-workspace file when there are several. Returns what the window opens.
 */
function makeWorkspace(dir, repositories) {
  const folders = repositories.map(({ remote, branch }, index) => {
    const folder = path.join(dir, `repository-${index + 1}`);
    mkdirSync(folder);
    git(folder, 'init', '-q', '-b', 'master');
    git(folder, 'config', 'user.email', 'test@example.com');
    git(folder, 'config', 'user.name', 'Test');
    writeFileSync(path.join(folder, 'README.md'), `A test repository built from ${remote}\n`);
    git(folder, 'add', 'README.md');
    git(folder, 'commit', '-q', '-m', 'first');
    git(folder, 'checkout', '-q', '-b', branch);
    git(folder, 'remote', 'add', 'origin', remote);
    return folder;
  });
  if (folders.length === 1) return folders[0];
  const file = path.join(dir, 'startup.code-workspace');
  writeFileSync(file, JSON.stringify({ folders: folders.map((folder) => ({ path: folder })) }, null, 2));
  return file;
}

/** A port free now, for a server started a moment later. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return String(port);
}

/**
 * Runs one window; resolves with its results in the shape of the JSON reporter. `first`: where the lane's
 * first window keeps its profile (code-server's user data, the browser's profile) and the ports it used,
 * its service's and code-server's (the workbench's state belongs to its origin): a returning window opens
 * them again.
 */
async function runWindow(window, first) {
  const resultsFile = path.join(resultsDir, `startup-${window.suite}.json`);
  rmSync(resultsFile, { force: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-service-startup-'));
  const serviceLog = path.join(resultsDir, `startup-${window.suite}-service.log`);
  const returning = window.profile === 'returning';
  if (returning && first.servicePort === undefined)
    throw new Error(`the ${window.suite} window reopens the profile of the first window: run that one too`);
  const service = await startService([...(returning ? ['--port', first.servicePort] : []), ...(window.serviceFlags ?? [])], serviceLog);
  const keepsProfile = returning || window === first.window;
  if (window === first.window) first.servicePort = new URL(service.baseUrl).port;
  const windowStarted = Date.now();
  try {
    const settingsFile = path.join(dir, 'settings.json');
    const ours = Object.entries(window.settings ?? {}).map(([name, value]) => [`buildService.${name}`, value]);
    writeFileSync(
      settingsFile,
      JSON.stringify({
        // The host starts with Git off (codeServer.mjs); these windows read a repository from the start.
        'git.enabled': true,
        'git.openRepositoryInParentFolders': 'never',
        'buildService.baseUrl': service.baseUrl,
        ...Object.fromEntries(ours),
      }),
    );
    await testElectron
      .runTests({
        vscodeExecutablePath: launcher,
        extensionDevelopmentPath: projectRoot,
        extensionTestsPath: entry,
        launchArgs: [
          makeWorkspace(dir, window.repositories),
          '--disable-extensions',
          `--user-settings=${settingsFile}`,
          ...(window.unfocused ? ['--unfocused'] : []),
          ...(keepsProfile ? [`--port=${first.codeServerPort}`, `--browser-profile=${first.browserProfile}`] : []),
        ],
        extensionTestsEnv: {
          BUILD_SERVICE_TEST_FILES: window.suite,
          BUILD_SERVICE_TEST_RESULTS: resultsFile,
          BUILD_SERVICE_TEST_TIMEOUT: String(WINDOW_TIMEOUT_SECONDS),
          BUILD_SERVICE_STARTUP_CONTROL: service.control,
          // The first window's profile is kept for the returning ones (launcher.mjs → runFolder.mjs); the others start from none.
          BUILD_SERVICE_HOST_USER_DATA: keepsProfile ? first.userData : undefined,
          // Unset, not empty, in a window without a token (undefined leaves a variable out of the environment).
          BUILD_SERVICE_URL: window.token ? service.baseUrl : undefined,
          BUILD_SERVICE_TOKEN: window.token ? service.token : undefined,
        },
      })
      .catch(() => {}); // a failing window is told by its results, or by their absence
  } finally {
    service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  say(`${window.suite}: ${((Date.now() - windowStarted) / 1000).toFixed(0)} s (the service's log: ${serviceLog})`);
  if (existsSync(resultsFile)) return JSON.parse(readFileSync(resultsFile, 'utf8'));
  return {
    passes: 0,
    failures: 1,
    pending: 0,
    tests: [
      { title: `startup: the ${window.suite} window`, state: 'failed', error: 'the window wrote no results (see its run folder above)' },
    ],
  };
}

async function main() {
  if (!existsSync(entry)) throw new Error(`${entry} is missing; build first: node esbuild.mjs --tests`);
  const { STARTUP_WINDOWS } = createRequire(import.meta.url)(path.join(projectRoot, 'out', 'test', 'startup', 'windows.js'));
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]?.split(',') : undefined;
  const unknown = (only ?? []).filter((name) => !STARTUP_WINDOWS.some((w) => w.suite === name));
  if (unknown.length > 0) throw new Error(`--only names no startup window: ${unknown.join(', ')}`);
  const windows = STARTUP_WINDOWS.filter((w) => !only || only.includes(w.suite));
  requirePackages({ browser: true });
  await ensureHost();
  mkdirSync(resultsDir, { recursive: true });

  const profiles = mkdtempSync(path.join(os.tmpdir(), 'build-service-startup-profile-'));
  const first = {
    userData: path.join(profiles, 'user-data'),
    browserProfile: path.join(profiles, 'browser'),
    codeServerPort: await freePort(),
    servicePort: undefined,
    window: windows.find((w) => !w.alongside && w.profile !== 'returning'),
  };
  const results = new Map();
  try {
    const beside = windows.filter((w) => w.alongside).map(async (w) => results.set(w, await runWindow(w, first)));
    for (const window of windows.filter((w) => !w.alongside)) results.set(window, await runWindow(window, first));
    await Promise.all(beside);
  } finally {
    rmSync(profiles, { recursive: true, force: true });
  }
  const inOrder = windows.map((w) => results.get(w));
  const sum = (key) => inOrder.reduce((n, r) => n + r[key], 0);
  const merged = { passes: sum('passes'), failures: sum('failures'), pending: sum('pending'), tests: inOrder.flatMap((r) => r.tests) };
  const resultsFile = path.resolve(process.env.BUILD_SERVICE_TEST_RESULTS || path.join(resultsDir, 'startup.json'));
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify(merged, null, 2));
  say(`${windows.length} windows: ${merged.passes} passed, ${merged.failures} failed, ${merged.pending} pending`);
  for (const t of merged.tests.filter((t) => t.state === 'failed')) console.log(`  failed: ${t.title}\n    ${t.error.split('\n')[0]}`);
  return merged.failures > 0 || merged.pending > 0 ? 1 : 0;
}

main().then(
  (code) => shutdown(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    return shutdown(2);
  },
);
