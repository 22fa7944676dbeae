// Installs a test host (code-server + playwright-core, and for the newest host the Node it needs) into
// the hosts cache (layout.mjs: hostsDir) on first use and reuses it after, from any clone. A marker file is written only once everything is in
// place, so an install that was cut short (Ctrl-C, full disk, network) is thrown away and redone
// rather than half-used.
//   node test/host/install.mjs [oldest|newest|<code-server version>]   install now if needed
//                                     (also done by every host command)
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultHost, hostNamed, hostPaths, hostsDir, playwrightCoreVersion } from './layout.mjs';
import { killGroup, shutdown, stopOnExit } from './shutdown.mjs';
import { requirePackages } from './systemPackages.mjs';

/** What one host's install is made of, and how to tell that it is complete. */
function installPlan(host) {
  const paths = hostPaths(host);
  const vscodeModules = path.join(paths.modules, 'code-server/lib/vscode/node_modules');
  return {
    paths,
    markerFile: path.join(paths.dir, '.install-complete.json'),
    installLog: path.join(hostsDir, `host-${host.codeServer}-install.log`),
    // A host on our own Node is tied to its ABI; one with its own Node, to that Node's version.
    wantedMarker: { codeServer: host.codeServer, playwrightCore: playwrightCoreVersion, node: host.node ?? process.versions.modules },
    /** Files whose absence means the install did not really work, whatever npm's exit code said. */
    mustExist: [
      paths.codeServerEntry,
      paths.nodeBinary,
      path.join(paths.playwrightCoreDir, 'package.json'),
      ...host.nativeFiles.map((f) => path.join(vscodeModules, f)),
    ],
  };
}

function isInstalled({ markerFile, wantedMarker, mustExist }) {
  if (!existsSync(markerFile)) return false;
  try {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8'));
    return Object.entries(wantedMarker).every(([k, v]) => marker[k] === v) && mustExist.every((f) => existsSync(f));
  } catch {
    return false;
  }
}

/**
 * @vscode/ripgrep's postinstall downloads rg from GitHub, which CI and this machine cannot reach. It
 * looks in $TMPDIR/vscode-ripgrep-cache-<version>/ first, so we put the system's rg there, packed
 * the way the release archive is.
 */
function seedRipgrepCache(tmpDir, { packageVersion, releaseTag }) {
  const triple = process.arch === 'arm64' ? 'aarch64-unknown-linux-musl' : 'x86_64-unknown-linux-musl';
  const cacheDir = path.join(tmpDir, `vscode-ripgrep-cache-${packageVersion}`);
  mkdirSync(cacheDir, { recursive: true });
  const rg = execFileSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).trim();
  execFileSync('tar', ['czf', path.join(cacheDir, `ripgrep-${releaseTag}-${triple}.tar.gz`), '-C', path.dirname(rg), 'rg']);
}

/**
 * The environment for npm: no settings leaking in from an outer `npm run`, plus what code-server
 * needs. `nodeBinDir` first on PATH makes code-server's install scripts run on the host's own Node.
 */
function npmEnvironment(tmpDir, nodeBinDir) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return {
    ...env,
    ...(nodeBinDir ? { PATH: `${nodeBinDir}${path.delimiter}${env.PATH ?? ''}` } : {}),
    TMPDIR: tmpDir,
    npm_config_unsafe_perm: 'true', // code-server's postinstall refuses to run as root without it
    npm_config_yes: 'true', // node-pty's postinstall runs `npx node-gyp`; a `yes=false` npmrc would cancel it
    npm_config_nodedir: '/usr', // build native modules against the installed Node headers, not a download
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

function runNpmInstall(prefix, env, installLog) {
  mkdirSync(hostsDir, { recursive: true });
  const log = createWriteStream(installLog, { flags: 'a' });
  return new Promise((resolve, reject) => {
    // Its own process group, so an interrupted install stops npm and the builds it started too.
    const npm = spawn('npm', ['install', '--prefix', prefix], { cwd: prefix, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const stop = () => killGroup(npm.pid, 'SIGKILL');
    stopOnExit(async () => stop(), stop);
    npm.stdout.pipe(log, { end: false });
    npm.stderr.pipe(log, { end: false });
    npm.on('error', reject);
    npm.on('close', (code) => {
      log.end();
      if (code === 0) resolve();
      else reject(new Error(`npm install of the test host failed (exit ${code}); its output is in ${installLog}`));
    });
  });
}

function tail(file, lines) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function writePackageJson(dir, dependencies) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'build-service-test-host',
        private: true,
        description: 'Installed by test/host/install.mjs; delete freely.',
        dependencies,
      },
      null,
      2,
    ),
  );
}

const processAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e?.code === 'EPERM';
  }
};

/**
 * The hosts are shared by every clone on the machine: one install of a host at a time. The lock is a
 * file holding the installer's pid, taken over when that process is gone (an install cut short).
 */
async function withInstallLock(host, install) {
  const lockFile = path.join(hostsDir, `host-${host.codeServer}.lock`);
  mkdirSync(hostsDir, { recursive: true });
  for (let said = false; ;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if (e?.code !== 'EEXIST') throw e;
      let holder;
      try {
        holder = Number(readFileSync(lockFile, 'utf8'));
      } catch {
        continue; // released meanwhile
      }
      if (holder && !processAlive(holder)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      if (!said) console.log(`Waiting for process ${holder}, which is installing the test host ${host.codeServer} (${lockFile}).`);
      said = true;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  const release = () => rmSync(lockFile, { force: true });
  stopOnExit(async () => release(), release);
  try {
    return await install();
  } finally {
    release();
  }
}

/** Makes sure the host is installed; returns how long the install took in ms (0 when reused). */
export async function ensureHost(host = defaultHost) {
  if (isInstalled(installPlan(host))) return 0;
  return withInstallLock(host, () => install(host));
}

async function install(host) {
  const plan = installPlan(host);
  const { paths, installLog, markerFile, mustExist, wantedMarker } = plan;
  if (isInstalled(plan)) return 0; // another clone installed it while this one waited
  requirePackages({ installing: true });
  const started = Date.now();
  const nodeNote = host.node ? `, on Node ${host.node} from npm` : '';
  console.log(
    `Installing the VS Code test host (code-server ${host.codeServer} = VS Code ${host.vscode}${nodeNote}, playwright-core ${playwrightCoreVersion})`,
  );
  console.log(`into ${path.relative(process.cwd(), paths.dir) || paths.dir}, once; it takes a few minutes. Output: ${installLog}`);
  rmSync(paths.dir, { recursive: true, force: true, maxRetries: 3 });
  rmSync(installLog, { force: true });
  const tmpDir = path.join(paths.dir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  if (host.ripgrep) seedRipgrepCache(tmpDir, host.ripgrep);
  try {
    if (host.node) {
      // First the Node the host runs on: code-server's install scripts refuse any other major version.
      writePackageJson(paths.nodeDir, { node: host.node });
      await runNpmInstall(paths.nodeDir, npmEnvironment(tmpDir), installLog);
    }
    writePackageJson(paths.dir, { 'code-server': host.codeServer, 'playwright-core': playwrightCoreVersion });
    await runNpmInstall(paths.dir, npmEnvironment(tmpDir, host.node ? path.dirname(paths.nodeBinary) : undefined), installLog);
  } catch (e) {
    console.error(tail(installLog, 40));
    throw e;
  }
  const missing = mustExist.filter((f) => !existsSync(f));
  if (missing.length > 0) throw new Error(`The test host install is incomplete, missing:\n  ${missing.join('\n  ')}\nSee ${installLog}`);
  rmSync(tmpDir, { recursive: true, force: true });
  writeFileSync(markerFile, JSON.stringify({ ...wantedMarker, installedAt: new Date().toISOString() }, null, 2));
  const ms = Date.now() - started;
  console.log(`Test host installed in ${(ms / 1000).toFixed(0)} s.`);
  return ms;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  Promise.resolve(process.argv[2])
    .then((name) => ensureHost(name ? hostNamed(name) : defaultHost))
    .then(
      () => shutdown(0),
      (e) => {
        console.error(e instanceof Error ? e.message : e);
        return shutdown(1);
      },
    );
}
