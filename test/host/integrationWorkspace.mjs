// The window the integration suites open: a workspace file holding one folder, with the sources of the
// seeded builds' tests in it (test/service/testSources.ts) for the Testing view to find. A workspace
// file, so a suite can add a second folder (a multi-root workspace) without the window becoming another
// one, which a folder window does when it gets a second folder. Expects the build in out/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot, testCacheDir } from './layout.mjs';

/** Writes the folder and the workspace file; returns the workspace file's path. */
export function integrationWorkspace() {
  const workspace = path.join(testCacheDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  const { writeTestSources } = createRequire(import.meta.url)(path.join(projectRoot, 'out', 'test', 'service', 'testSources.js'));
  writeTestSources(workspace);
  const workspaceFile = path.join(testCacheDir, 'integration.code-workspace');
  writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'workspace' }] }, null, 2));
  return workspaceFile;
}
