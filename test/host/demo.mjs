// What `npm start` and `npm run screenshot` share: a fresh build, the reference build service
// (test/service/) running in this process, and the extension installed into code-server as a user's
// extension would be, so a plain visit to the workbench address loads it.
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from './layout.mjs';
import { stopOnExit } from './shutdown.mjs';

/** Builds the bundle and out/ (which holds the compiled reference service). */
export function build() {
  const result = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed (node esbuild.mjs --tests)');
}

/** Starts the reference build service on 127.0.0.1; `progress` makes triggered builds move on. */
export async function startReferenceService({ progress = true, token, seed } = {}) {
  const serverModule = path.join(projectRoot, 'out', 'test', 'service', 'server.js');
  const { startService } = createRequire(import.meta.url)(serverModule);
  const service = await startService({ progress, token, seed });
  stopOnExit(() => service.close());
  return service;
}

/**
 * Links the project into the extensions folder under the name VS Code gives an installed extension
 * (publisher.name-version), so it loads like an installed one and always runs the latest build.
 */
export function linkExtension(extensionsDir) {
  const { publisher, name, version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  symlinkSync(projectRoot, path.join(extensionsDir, `${publisher}.${name}-${version}`), 'dir');
  return `${publisher}.${name}`;
}

/**
 * Makes the demo workspace a Git repository on `develop` whose remote is the one the seeded 2048 apps
 * build from, so the Current Branch view and the status bar have something real to show. Returns the
 * settings that let VS Code's Git extension open it (the host starts with Git off; see codeServer.mjs).
 */
export function makeDemoRepository(dir) {
  const git = (...args) => {
    const result = spawnSync('git', ['-c', 'user.name=Demo', '-c', 'user.email=demo@example.invalid', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  };
  git('init', '--quiet', '--initial-branch=develop');
  writeFileSync(path.join(dir, 'README.md'), '# 2048\n\nA demo repository for the Build Service extension.\n');
  // The tests of the seeded builds, so the Testing view marks the failing ones in their files.
  const { writeTestSources } = createRequire(import.meta.url)(path.join(projectRoot, 'out', 'test', 'service', 'testSources.js'));
  writeTestSources(dir);
  git('add', '.');
  git('commit', '--quiet', '-m', 'Demo repository');
  git('remote', 'add', 'origin', 'git@github.com:myorg/2048.git');
  return { 'git.enabled': true, 'git.openRepositoryInParentFolders': 'never' };
}
