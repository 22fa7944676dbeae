// One folder per host run under .vscode-test/runs/, holding what the run leaves to look at:
// code-server's user data and logs, the browser's home, the workbench console and the failure screenshot.
// Only the newest few are kept, so the folder a failing run printed is still there to look at, and
// never one whose run is still going (npm test runs hosts side by side, and its startup lane opens
// a window after another).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runsDir } from './layout.mjs';
import { stopOnExit } from './shutdown.mjs';

const runsKept = 5;

function pruneOldRuns() {
  let names;
  try {
    names = readdirSync(runsDir).sort(); // names start with a timestamp, so this is oldest first
  } catch {
    return;
  }
  for (const name of names.slice(0, Math.max(0, names.length - (runsKept - 1)))) {
    if (!running(Number(/-(\d+)$/.exec(name)?.[1]))) rmSync(path.join(runsDir, name), { recursive: true, force: true });
  }
}

/** Whether the process whose id ends a run folder's name is still there. */
function running(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM'; // there, but another user's
  }
}

/**
 * Temp files and sockets go to a folder in the system temp dir instead (removed on exit): a Unix
 * socket path must fit in 107 bytes, which a path inside the project may not, and VS Code's Git
 * extension will not open a repository a test makes in a folder inside this project's repository.
 */
function systemTempFolder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-service-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  stopOnExit(remove, remove);
  return dir;
}

/**
 * Creates a fresh run folder; `label` says what it is for (test, start, screenshot). The user data
 * folder is fresh too, unless BUILD_SERVICE_HOST_USER_DATA names one that runs share (the activation
 * bench's later windows start from what the first one saved).
 * `env` redirects the places code-server, the extension host and Chromium would otherwise write to
 * in $HOME and /tmp (config.yaml, IPC sockets, the browser profile).
 */
export function createRunFolder(label) {
  pruneOldRuns();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const dir = path.join(runsDir, `${stamp}-${label}-${process.pid}`);
  const sub = (name) => {
    const p = path.join(dir, name);
    mkdirSync(p, { recursive: true });
    return p;
  };
  const temp = systemTempFolder();
  const env = {
    TMPDIR: temp,
    XDG_CONFIG_HOME: sub('xdg/config'),
    XDG_DATA_HOME: sub('xdg/data'),
    XDG_CACHE_HOME: sub('xdg/cache'),
    XDG_RUNTIME_DIR: temp,
  };
  return {
    dir,
    env,
    userDataDir: process.env.BUILD_SERVICE_HOST_USER_DATA || sub('user-data'),
    extensionsDir: sub('extensions'),
    workspaceDir: sub('workspace'),
    browserHome: sub('browser-home'),
    file: (name) => path.join(dir, name),
  };
}
