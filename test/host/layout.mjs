// Where the test hosts live and which exact versions they are made of. The installed hosts live in a
// cache outside the project, so every clone on the machine shares them; everything a run writes
// (results, workspaces, logs) stays under .vscode-test/ (git-ignored).
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';

export const projectRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');
export const testCacheDir = path.join(projectRoot, '.vscode-test');

/**
 * The installed hosts (code-server, playwright-core, the newest host's Node): about 1 GB that takes
 * minutes to install, the same for every clone. BUILD_SERVICE_TEST_HOSTS names another folder.
 */
export const hostsDir = path.resolve(
  process.env.BUILD_SERVICE_TEST_HOSTS ||
    path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'build-service-test-hosts'),
);
export const playwrightCoreVersion = '1.65.1';

/**
 * The VS Code versions we test on, as code-server releases from npm (VS Code's server build):
 * - 4.100.3 bundles VS Code 1.100.3, our `engines.vscode` floor, and is the newest whose install
 *   accepts Node 20 (4.103+ want Node 22), so it runs on the Node running us. Its VS Code pins
 *   @vscode/ripgrep 1.15.11, whose postinstall downloads rg release v13.0.0-10 from GitHub; we hand
 *   it that archive from the system's rg instead (see install.mjs).
 * - 4.139.1 bundles VS Code 1.139.1, the newest on npm; it needs Node 24, which the npm package
 *   `node` provides as a binary, installed beside it. Its ripgrep package ships its binaries.
 */
export const hosts = {
  oldest: {
    codeServer: '4.100.3',
    vscode: '1.100.3',
    node: undefined,
    ripgrep: { packageVersion: '1.15.11', releaseTag: 'v13.0.0-10' },
    // Native parts an install must have produced (under code-server's lib/vscode/node_modules).
    nativeFiles: ['node-pty/build/Release/pty.node', '@vscode/ripgrep/bin/rg'],
  },
  newest: {
    codeServer: '4.139.1',
    vscode: '1.139.1',
    node: '24.21.0',
    ripgrep: undefined,
    nativeFiles: [`node-pty/prebuilds/${process.platform}-${process.arch}/pty.node`, '@vscode/ripgrep-universal/package.json'],
  },
};

/** The host `npm start`, the screenshot and `npm run test:integration` use unless told otherwise. */
export const defaultHost = hosts.oldest;

/** The host named by a code-server version, "oldest" or "newest". */
export function hostNamed(name) {
  const host = hosts[name] ?? Object.values(hosts).find((h) => h.codeServer === name);
  if (!host)
    throw new Error(
      `unknown test host "${name}"; known: ${Object.values(hosts)
        .map((h) => h.codeServer)
        .join(', ')}, oldest, newest`,
    );
  return host;
}

/** The folders and files of one host's install. */
export function hostPaths(host) {
  const dir = path.join(hostsDir, `host-${host.codeServer}`);
  const modules = path.join(dir, 'node_modules');
  const nodeDir = path.join(dir, 'node-runtime');
  return {
    dir,
    modules,
    codeServerEntry: path.join(modules, 'code-server', 'out', 'node', 'entry.js'),
    playwrightCoreDir: path.join(modules, 'playwright-core'),
    /** Where the npm package `node` is installed, for a host that needs another Node than ours. */
    nodeDir,
    /** The Node that runs code-server (and so the extension host). */
    nodeBinary: host.node ? path.join(nodeDir, 'node_modules', 'node', 'bin', 'node') : process.execPath,
  };
}

export const runsDir = path.join(testCacheDir, 'runs');
export const resultsDir = path.join(testCacheDir, 'results');

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The default host's, for the scripts written before there were two hosts.
export const codeServerVersion = defaultHost.codeServer;
export const vscodeVersion = defaultHost.vscode;
export const { dir: hostDir, modules: hostModules, codeServerEntry, playwrightCoreDir } = hostPaths(defaultHost);
