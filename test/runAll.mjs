// `npm test`: build, then the unit suite (plain Node), then the .vsix (npm run package) and three VS
// Code host starts, in two lanes:
//   lane 1. VS Code 1.100.3, the oldest we support: every integration suite but three (a real VS Code
//      extension host, see test/host/), then the soak (test/integration/soak/) in the same host;
//   lane 2. VS Code 1.100.3 in German, the packaged .vsix installed in it (the install check, in
//      production mode): the smoke suite and the German suite; then VS Code 1.139.1, the newest: the
//      cross-version set and the three suites lane 1 leaves out, against the installed .vsix (that
//      host runs no development-mode tests: a test-runner extension installed beside it runs them,
//      see test/host/runInstalled.mjs); then the startup lane on VS Code 1.100.3: a fresh window per
//      suite of test/startup/, what the extension does as a window opens (test/host/runStartup.mjs);
// then one line summing them all: `N passed, N failed`. The two lanes run side by side (the integration
// host waits on timers and the service most of the time: about 10 minutes of CI instead of 14), lane 2's
// output held back and printed whole when lane 1 is done; BUILD_SERVICE_TEST_LANES=1 runs them one after
// the other.
// A suite that crashes, times out or leaves no results counts as at least one failure, so the exit
// code is non-zero whenever anything did not pass.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hosts } from './host/layout.mjs';
import { packageVsix } from './host/packageVsix.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const resultsDir = path.join(root, '.vscode-test', 'results');
const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');

// What could differ on another VS Code: activation and contributions, the views and tree items, the
// token's password box and secret storage, notifications with their buttons, VS Code's http.* settings,
// and the chat tools, whose confirmation only this installed run shows as a real dialog. The rest
// (our own logic on the same APIs) runs on one of them, most of it on 1.100.3; `npm run test:newest`
// runs every suite here.
const crossVersionSuites = [
  'activation',
  'sidebar.apps',
  'builds.tree',
  'branch.current',
  'sidebar.token',
  'sidebar.errors',
  'editor.notify',
  'network',
  'network.vscode',
  'editor.tools',
];
// Suites of our own logic that run on 1.139.1 instead of beside the others on 1.100.3, so that the
// two lanes take about as long: what they check (the requests the views send, what a command or tool
// says when nothing can be sent, the fault matrix) is the same on every VS Code.
const newestOnlySuites = ['connection.reasons', 'faults.matrix', 'requests.counts'];

/** Runs a Node script; its output goes to ours, or to the file descriptor `output`. */
function run(args, env = {}, output = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', output, output], env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs one suite; its reporter writes passes/failures to a JSON file we read back. */
async function suite(name, args, env = {}, output = 'inherit') {
  const resultsFile = path.join(resultsDir, `${name}.json`);
  rmSync(resultsFile, { force: true });
  const say = (line) => (output === 'inherit' ? console.log(line) : writeSync(output, `${line}\n`));
  say(`\n=== ${name} tests ===`);
  const started = Date.now();
  const exitCode = await run(args, { ...env, BUILD_SERVICE_TEST_RESULTS: resultsFile }, output);
  const seconds = Math.round((Date.now() - started) / 1000);
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
    say(`${name}: the suite ended with exit code ${exitCode} without reporting a failing test; counted as 1 failure`);
  } else if (!existsSync(resultsFile)) {
    failed = 1;
    say(`${name}: no results were written; counted as 1 failure`);
  }
  return { name, passed, failed, failures, seconds };
}

/** Runs `steps` with their output in a file, printed whole once `after` has settled; resolves with their results. */
async function heldBack(steps, after) {
  const logFile = path.join(resultsDir, 'lane-2.log');
  const fd = openSync(logFile, 'w');
  let results;
  try {
    results = await steps(fd);
  } finally {
    closeSync(fd);
  }
  await after;
  process.stdout.write(readFileSync(logFile, 'utf8'));
  return results;
}

mkdirSync(resultsDir, { recursive: true });
const totals = [];
console.log('=== build ===');
if ((await run(['esbuild.mjs', '--tests'])) !== 0) {
  totals.push({ name: 'build', passed: 0, failed: 1 });
} else {
  totals.push(await suite('unit', [mocha, '--config', 'test/unit/.mocharc.json']));
  const [oldest, newest] = [hosts.oldest.vscode, hosts.newest.vscode];
  // The packaged .vsix, installed as a user installs it, made before either lane starts: packaging
  // rewrites dist/ for production, which the development host of lane 1 loads; the development
  // build is then made again for it.
  console.log('\n=== package ===');
  let vsix;
  try {
    const made = packageVsix();
    vsix = made.vsix;
    console.log(made.summary);
  } catch (e) {
    console.log(e instanceof Error ? e.message : e);
    totals.push({ name: 'package', passed: 0, failed: 1 });
  }
  const packaged = vsix !== undefined;
  if ((await run(['esbuild.mjs', '--tests'])) !== 0) totals.push({ name: 'build', passed: 0, failed: 1 });
  // Both hosts installed before the lanes start (a few minutes each, once per machine): an install
  // beside a running host would slow its tests.
  for (const host of ['oldest', 'newest']) {
    if ((await run(['test/host/install.mjs', host])) !== 0) totals.push({ name: `install ${host}`, passed: 0, failed: 1 });
  }
  // The soak's heap and handle figures go to .vscode-test/results/soak-figures.json.
  // Every suite and the soak in one host: more than the launcher's 600 s default on a loaded 2-core machine.
  const lane1 = () =>
    suite(`integration-${oldest}`, ['test/host/runIntegration.mjs'], {
      BUILD_SERVICE_TEST_TIMEOUT: process.env.BUILD_SERVICE_TEST_TIMEOUT ?? '1200',
      BUILD_SERVICE_TEST_SKIP_FILES: newestOnlySuites.join(','),
    });
  const lane2 = async (output = 'inherit') => [
    ...(packaged
      ? [
          // With German as VS Code's display language.
          await suite(`smoke+german-${oldest}`, ['test/host/runInstalled.mjs', '--suites', 'smoke,german', '--vsix', vsix], {}, output),
          // The same .vsix installed on the newest, its test hooks switched on. No smoke run there: this run is
          // its install check, and what the smoke suite adds (production mode: no hooks, no sources) is the
          // .vsix's, whatever the VS Code.
          await suite(
            `integration-${newest}`,
            [
              'test/host/runInstalled.mjs',
              ...['--host', 'newest', '--suites', 'integration', '--only', [...crossVersionSuites, ...newestOnlySuites].join(',')],
              ...['--vsix', vsix],
            ],
            {},
            output,
          ),
        ]
      : []),
    // Fresh windows of the development build, one per suite, each on a service started before it opens.
    await suite(`startup-${oldest}`, ['test/host/runStartup.mjs'], {}, output),
  ];
  if (process.env.BUILD_SERVICE_TEST_LANES !== '1') {
    const first = lane1();
    const second = heldBack(lane2, first);
    totals.push(await first, ...(await second));
  } else {
    totals.push(await lane1(), ...(await lane2()));
  }
}

// The summary goes last, failing tests included, so that the tail of a long CI log says what failed
// (.ci/run prints this block again after the benchmarks).
console.log('\n=== summary ===');
for (const t of totals)
  console.log(`${t.name}: ${t.passed} passed, ${t.failed} failed${t.seconds === undefined ? '' : ` (${t.seconds} s)`}`);
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
