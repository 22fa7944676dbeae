// `npm test`: build, then the unit suite (plain Node), then three VS Code host starts:
//   1. VS Code 1.100.3, the oldest we support: every integration suite (a real VS Code extension
//      host, see test/host/), then the soak (test/integration/soak/) in the same host;
//   2. VS Code 1.100.3 in German, the packaged .vsix installed in it (the install check, in
//      production mode): the smoke suite and the German suite;
//   3. VS Code 1.139.1, the newest: the cross-version set below against the installed .vsix (that
//      host runs no development-mode tests: a test-runner extension installed beside it runs them,
//      see test/host/runInstalled.mjs);
// then one line summing them all: `N passed, N failed`.
// A suite that crashes, times out or leaves no results counts as at least one failure, so the exit
// code is non-zero whenever anything did not pass.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hosts } from './host/layout.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const resultsDir = path.join(root, '.vscode-test', 'results');
const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');

// What could differ on another VS Code: activation and contributions, the views and tree items, the
// token's password box and secret storage, notifications with their buttons, VS Code's http.* settings,
// and the chat tools, whose confirmation only this installed run shows as a real dialog. The rest
// (our own logic on the same APIs) runs on 1.100.3 only; `npm run test:newest` runs every suite here.
const crossVersionSuites = [
  'activation',
  'sidebar.apps',
  'builds.tree',
  'branch.current',
  'sidebar.token',
  'sidebar.errors',
  'editor.notify',
  'network',
  'editor.tools',
];

function run(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs one suite; its reporter writes passes/failures to a JSON file we read back. */
async function suite(name, args, env = {}) {
  const resultsFile = path.join(resultsDir, `${name}.json`);
  rmSync(resultsFile, { force: true });
  console.log(`\n=== ${name} tests ===`);
  const exitCode = await run(args, { ...env, BUILD_SERVICE_TEST_RESULTS: resultsFile });
  let passed = 0;
  let failed = 0;
  let failures = [];
  if (existsSync(resultsFile)) {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    ({ passes: passed, failures: failed } = results);
    failures = results.tests.filter((t) => t.state === 'failed');
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1; // crashed, timed out, or could not start: not a pass
    console.log(`${name}: the suite ended with exit code ${exitCode} without reporting a failing test; counted as 1 failure`);
  } else if (!existsSync(resultsFile)) {
    failed = 1;
    console.log(`${name}: no results were written; counted as 1 failure`);
  }
  return { name, passed, failed, failures };
}

mkdirSync(resultsDir, { recursive: true });
const totals = [];
console.log('=== build ===');
if ((await run(['esbuild.mjs', '--tests'])) !== 0) {
  totals.push({ name: 'build', passed: 0, failed: 1 });
} else {
  totals.push(await suite('unit', [mocha, '--config', 'test/unit/.mocharc.json']));
  const [oldest, newest] = [hosts.oldest.vscode, hosts.newest.vscode];
  // The soak's heap and handle figures go to .vscode-test/results/soak-figures.json.
  // Every suite and the soak in one host: more than the launcher's 600 s default on a loaded 2-core machine.
  totals.push(
    await suite(`integration-${oldest}`, ['test/host/runIntegration.mjs'], {
      BUILD_SERVICE_TEST_TIMEOUT: process.env.BUILD_SERVICE_TEST_TIMEOUT ?? '1200',
    }),
  );
  // The packaged .vsix, installed as a user installs it (npm run package runs here, once), with German
  // as VS Code's display language.
  totals.push(await suite(`smoke+german-${oldest}`, ['test/host/runInstalled.mjs', '--suites', 'smoke,german']));
  const vsix = path.join(root, '.vscode-test', 'build-service.vsix');
  const packaged = existsSync(vsix) ? ['--vsix', vsix] : [];
  // The same .vsix installed on the newest, its test hooks switched on. No smoke run there: this run is
  // its install check, and what the smoke suite adds (production mode: no hooks, no sources) is the
  // .vsix's, whatever the VS Code.
  totals.push(
    await suite(`integration-${newest}`, [
      'test/host/runInstalled.mjs',
      ...['--host', 'newest', '--suites', 'integration', '--only', crossVersionSuites.join(','), ...packaged],
    ]),
  );
}

// The summary goes last, failing tests included, so that the tail of a long CI log says what failed
// (.ci/run prints this block again after the benchmarks).
console.log('\n=== summary ===');
for (const t of totals) console.log(`${t.name}: ${t.passed} passed, ${t.failed} failed`);
for (const t of totals) {
  for (const f of t.failures ?? []) {
    const error = (f.error ?? '').split('\n').slice(0, 6).join('\n    ');
    console.log(`  ${t.name} failed: ${f.title}\n    ${error}`);
  }
}
const passed = totals.reduce((n, t) => n + t.passed, 0);
const failed = totals.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
