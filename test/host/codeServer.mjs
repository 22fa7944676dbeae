// Starts code-server — VS Code's server build, whose Node extension host runs our extension as the
// desktop one would — on 127.0.0.1 only, with all its state inside a run folder.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { noGalleryEnv, registerLanguagePack } from './displayLanguage.mjs';
import { defaultHost, hostPaths } from './layout.mjs';
import { machineCaEnv } from './machineCa.mjs';
import { killGroup, stopOnExit } from './shutdown.mjs';

/** Settings that keep the workbench quiet and offline: no welcome page, update checks or telemetry. */
const quietSettings = {
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'workbench.startupEditor': 'none',
  'workbench.enableExperiments': false,
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
  // The workspace sits inside this project's repository, so Git would offer to open that parent
  // repository; suites that need Git turn it on themselves (test/integration/currentBranch.ts).
  'git.enabled': false,
};

const startupTimeoutMs = 60_000;

/**
 * @param {ReturnType<import('./runFolder.mjs').createRunFolder>} run
 * @param {{ env?: Record<string, string>, settings?: Record<string, unknown>, port?: number, host?: typeof defaultHost, locale?: string }} options
 *   env: extra variables; the extension host inherits code-server's environment, which is how the
 *   harness hands values (the UI probe address, the results file) to code running in it.
 *   host: which installed code-server (layout.mjs), run on the Node it needs.
 *   locale: VS Code's display language, e.g. 'de' (displayLanguage.mjs); English when not given.
 */
export async function startCodeServer(run, { env = {}, settings = {}, port = 0, host = defaultHost, locale } = {}) {
  const { codeServerEntry, nodeBinary } = hostPaths(host);
  const userSettings = path.join(run.userDataDir, 'User', 'settings.json');
  mkdirSync(path.dirname(userSettings), { recursive: true });
  writeFileSync(userSettings, JSON.stringify({ ...quietSettings, ...settings }, null, 2));
  if (locale) registerLanguagePack(run.userDataDir, locale);
  const configFile = run.file('code-server.yaml'); // or it writes ~/.config/code-server/config.yaml
  writeFileSync(configFile, 'auth: none\ncert: false\n');

  const logFile = run.file('code-server.log');
  const log = createWriteStream(logFile);
  const child = spawn(
    nodeBinary,
    [
      codeServerEntry,
      '--config',
      configFile,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--user-data-dir',
      run.userDataDir,
      '--extensions-dir',
      run.extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      ...(locale ? ['--locale', locale] : []),
    ],
    {
      // Its own process group, so stopping it also stops the extension host and pty host it forks.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...machineCaEnv(), ...run.env, ...(locale ? noGalleryEnv : {}), ...env },
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);

  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup(child.pid, 'SIGTERM');
    const gone = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
    if (!gone) killGroup(child.pid, 'SIGKILL');
    // Whatever code-server left behind in its group (an extension host that ignored SIGTERM).
    killGroup(child.pid, 'SIGKILL');
  };
  stopOnExit(stop, () => killGroup(child.pid, 'SIGKILL'));

  // Port 0 lets the kernel pick a free port; code-server then prints the address it listens on.
  const origin = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`code-server did not start within ${startupTimeoutMs / 1000} s; see ${logFile}`)),
      startupTimeoutMs,
    );
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited during startup (${code}); see ${logFile}`));
    });
  });

  return {
    /** e.g. http://127.0.0.1:41234 */
    origin,
    /** host:port, which the workbench uses as the remote authority in vscode-remote:// URIs */
    authority: new URL(origin).host,
    logFile,
    /** Settles when code-server exits, with its exit code or signal. */
    exited,
    stop,
  };
}

/**
 * The workbench address. `payload` pairs are what the desktop CLI's flags would set; code-server
 * has no --extensionDevelopmentPath/--extensionTestsPath flags, but honours them here.
 */
/** `folder`: a folder window; `workspace`: a .code-workspace file (a window that can hold several folders). */
export function workbenchUrl(server, { folder, workspace, payload = [] }) {
  const url = new URL(server.origin);
  if (workspace) url.searchParams.set('workspace', workspace);
  else if (folder) url.searchParams.set('folder', folder);
  if (payload.length > 0) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** A path on the code-server machine as a URI the workbench resolves through the remote. */
export function remoteUri(server, absolutePath) {
  return `vscode-remote://${server.authority}${absolutePath}`;
}
