// Where the test host lives and which exact versions it is made of. Everything the host writes stays
// under .vscode-test/ (git-ignored), so deleting that folder resets it completely.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const projectRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');
export const testCacheDir = path.join(projectRoot, '.vscode-test');

/**
 * code-server 4.100.3 bundles VS Code 1.100.3 (our `engines.vscode` floor) and is the newest whose
 * install accepts Node 20; 4.103+ want Node 22.
 */
export const codeServerVersion = '4.100.3';
export const vscodeVersion = '1.100.3';
export const playwrightCoreVersion = '1.65.1';

/**
 * code-server's VS Code pins @vscode/ripgrep 1.15.11, whose postinstall downloads rg release
 * v13.0.0-10 from GitHub; we hand it that archive from the system's rg instead (see install.mjs).
 */
export const ripgrepPackageVersion = '1.15.11';
export const ripgrepReleaseTag = 'v13.0.0-10';

export const hostDir = path.join(testCacheDir, `host-${codeServerVersion}`);
export const hostModules = path.join(hostDir, 'node_modules');
export const codeServerEntry = path.join(hostModules, 'code-server', 'out', 'node', 'entry.js');
export const playwrightCoreDir = path.join(hostModules, 'playwright-core');
export const runsDir = path.join(testCacheDir, 'runs');
export const resultsDir = path.join(testCacheDir, 'results');

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
