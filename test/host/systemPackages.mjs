// The Debian packages the test host needs. When one is missing, the host commands (npm start, npm test,
// npm run screenshot) install it themselves where they can — as root, or with sudo that asks for no
// password — with apt-get, the way .ci/run does; elsewhere they stop with the one command to run,
// because a host that silently skipped the integration suites would report green for untested code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromiumPath } from './layout.mjs';

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** Always: npm start's demo workspace and the Current Branch suites are Git repositories. */
const always = [{ pkg: 'git', present: () => onPath('git') }];

/** The browser that renders the workbench for the tests and screenshots. */
const forBrowser = [{ pkg: 'chromium', present: () => existsSync(chromiumPath) }];

/** Needed once, to install code-server: its native modules build against these. */
const forInstalling = [
  { pkg: 'libkrb5-dev', present: () => existsSync('/usr/include/gssapi/gssapi.h') },
  { pkg: 'ripgrep', present: () => onPath('rg') },
  { pkg: 'build-essential', present: () => onPath('g++') && onPath('make') },
  { pkg: 'python3', present: () => onPath('python3') },
];

/** Debian package names that are missing, for installing the host and/or for driving a browser. */
export function missingPackages({ installing = false, browser = false }) {
  const wanted = [...always, ...(browser ? forBrowser : []), ...(installing ? forInstalling : [])];
  return wanted.filter((p) => !p.present()).map((p) => p.pkg);
}

/** How to run apt-get here without asking anyone: directly as root, through `sudo -n`, or not at all. */
function aptRunner() {
  if (!onPath('apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return undefined;
}

function apt(runner, args) {
  const [command, ...rest] = [...runner, 'apt-get', ...args];
  const result = spawnSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

function installCommand(missing) {
  return `sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`;
}

/**
 * Installs what is missing when it can; throws an error naming exactly the command to run when it
 * cannot (not root, no password-less sudo, no apt-get) or when apt-get fails.
 */
export function requirePackages(needs) {
  const missing = missingPackages(needs);
  if (missing.length === 0) return;
  const runner = aptRunner();
  if (runner) {
    console.log(`The VS Code test host needs system packages that are missing: ${missing.join(', ')}; installing them with apt-get.`);
    // The package lists of a fresh machine may be empty or old; an update failure shows in the install.
    apt(runner, ['update', '-q']);
    if (apt(runner, ['install', '-y', '-q', '--no-install-recommends', ...missing]) && missingPackages(needs).length === 0) return;
  }
  const still = missingPackages(needs);
  throw new Error(
    `The VS Code test host needs system packages that are missing: ${still.join(', ')}.\n` +
      `${runner ? 'They are still missing after apt-get. ' : ''}Install them with:\n  ${installCommand(still)}\n` +
      `(set CHROMIUM_PATH if your Chromium lives somewhere other than ${chromiumPath})`,
  );
}
