// `npm run package` into .vscode-test/build-service.vsix, for the runs that install the extension as a
// user does (runInstalled.mjs, and npm test before its hosts start). Its prepublish step builds dist/
// for production.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { projectRoot, testCacheDir } from './layout.mjs';

/** @returns {{ vsix: string, summary: string }} the package and vsce's line on it; throws when packaging fails */
export function packageVsix() {
  const vsix = path.join(testCacheDir, 'build-service.vsix');
  rmSync(vsix, { force: true });
  const npm = spawnSync('npm', ['run', '--silent', 'package', '--', '--out', vsix], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (npm.status !== 0 || !existsSync(vsix)) throw new Error(`npm run package failed (exit ${npm.status}):\n${npm.stdout}`);
  return { vsix, summary: /Packaged: .*/.exec(npm.stdout ?? '')?.[0] ?? `packaged ${vsix}` };
}
