// `npm run test:integration`: the suites in test/integration/suite/ inside a real VS Code extension host,
// through @vscode/test-electron's runTests — the standard runner — with one of two hosts:
//   VSCODE_TEST_HOST=web (default)  code-server's Node extension host in headless Chromium
//                                   (VS Code 1.100.3, installed from npm; see launcher.mjs)
//   VSCODE_TEST_HOST=desktop        desktop VS Code 1.100.3, downloaded by runTests into .vscode-test/;
//                                   needs access to update.code.visualstudio.com and, on a headless
//                                   Linux box, a display (xvfb-run -a npm run test:integration).
//                                   The UI probe exists only in the web host.
// Expects the build in out/ (the npm script runs `node esbuild.mjs --tests` first). Writes the JSON
// results to $BUILD_SERVICE_TEST_RESULTS, default .vscode-test/results/integration.json.
import testElectron from '@vscode/test-electron';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHost } from './install.mjs';
import { integrationWorkspace } from './integrationWorkspace.mjs';
import { projectRoot, resultsDir, vscodeVersion } from './layout.mjs';
import { requirePackages } from './systemPackages.mjs';

const launcher = fileURLToPath(new URL('./launcher.mjs', import.meta.url));
const testsEntry = path.join(projectRoot, 'out', 'test', 'integration', 'index.js');

function printSummary(resultsFile) {
  if (!existsSync(resultsFile)) {
    console.log('integration: no results written (the host or the test runner failed before mocha finished)');
    return;
  }
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  console.log(`integration: ${results.passes} passed, ${results.failures} failed, ${results.pending} pending`);
  for (const t of results.tests.filter((t) => t.state === 'failed')) console.log(`  failed: ${t.title}\n    ${t.error.split('\n')[0]}`);
}

async function main() {
  const host = process.env.VSCODE_TEST_HOST || 'web';
  if (host !== 'web' && host !== 'desktop') throw new Error(`VSCODE_TEST_HOST must be "web" or "desktop", not "${host}"`);
  if (!existsSync(testsEntry)) throw new Error(`${testsEntry} is missing; build first: node esbuild.mjs --tests`);
  const resultsFile = path.resolve(process.env.BUILD_SERVICE_TEST_RESULTS || path.join(resultsDir, 'integration.json'));
  rmSync(resultsFile, { force: true });
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  const workspaceFile = integrationWorkspace();

  if (host === 'web') {
    requirePackages({ browser: true });
    await ensureHost();
  }
  let code = 0;
  try {
    await testElectron.runTests({
      ...(host === 'web' ? { vscodeExecutablePath: launcher } : { version: vscodeVersion }),
      extensionDevelopmentPath: projectRoot,
      extensionTestsPath: testsEntry,
      launchArgs: [workspaceFile, '--disable-extensions'],
      extensionTestsEnv: { BUILD_SERVICE_TEST_RESULTS: resultsFile },
    });
  } catch (e) {
    code = typeof e?.code === 'number' && e.code !== 0 ? e.code : 1;
    if (!(e instanceof testElectron.TestRunFailedError)) console.error(e instanceof Error ? e.message : e);
  }
  printSummary(resultsFile);
  return code;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
