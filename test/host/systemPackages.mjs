// The Debian packages the test host needs. .ci/run installs them with apt-get; everywhere else the
// test commands only check for them and, when one is missing, fail with the exact command to run,
// because a host that silently skips the integration suite would report green for untested code.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromiumPath } from './layout.mjs';

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

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
  const wanted = [...(browser ? forBrowser : []), ...(installing ? forInstalling : [])];
  return wanted.filter((p) => !p.present()).map((p) => p.pkg);
}

/** Throws an error that names exactly what to install, or returns when nothing is missing. */
export function requirePackages(needs) {
  const missing = missingPackages(needs);
  if (missing.length === 0) return;
  throw new Error(
    `The VS Code test host needs system packages that are missing: ${missing.join(', ')}.\n` +
      `Install them with:\n  sudo apt-get install -y --no-install-recommends ${missing.join(' ')}\n` +
      `(set CHROMIUM_PATH if your Chromium lives somewhere other than ${chromiumPath})`,
  );
}
