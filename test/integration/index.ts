// The test runner VS Code loads in the extension host (the extensionTestsPath, as
// out/test/integration/index.js). VS Code calls run() once the extension under test is loaded and
// ends the session with exit code 0 if the promise resolves, 1 if it rejects. runSuites() is the
// same for other folders of suites; the runner extension (test/installed/) uses it to test an
// installed .vsix.
import Mocha from 'mocha';
import { readdirSync, readFileSync } from 'node:fs';
import * as https from 'node:https';
import path from 'node:path';
import { format } from 'node:util';
import SpecAndJsonReporter from '../specAndJsonReporter';

/**
 * The suites to run: every *.test.js under each of `suiteDirs`, folder by folder, or with
 * BUILD_SERVICE_TEST_FILES=<names> only those named (comma-separated, without `.test.js`, e.g.
 * `activation,network`), and with BUILD_SERVICE_TEST_SKIP_FILES=<names> without those (npm test runs
 * them in its other lane); a name that matches no file is an error, so a typo cannot quietly run less.
 */
function suiteFiles(suiteDirs: readonly string[]): string[] {
  // activation.test.js first, whatever the names: what activation registered is checked before any suite has used it.
  const first = (f: string) => (path.basename(f) === 'activation.test.js' ? 0 : 1);
  const files = suiteDirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.js'))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((f) => path.join(dir, f)),
  );
  // A stable sort: the folders keep their order, and within them the names theirs.
  files.sort((a, b) => first(a) - first(b));
  const nameOf = (f: string) => path.basename(f, '.test.js');
  const named = (variable: string): string[] | undefined => {
    const names = process.env[variable]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names?.filter((name) => !files.some((f) => nameOf(f) === name)) ?? [];
    if (unknown.length > 0) throw new Error(`${variable} names no suite in ${suiteDirs.join(', ')}: ${unknown.join(', ')}`);
    return names?.length ? names : undefined;
  };
  const only = named('BUILD_SERVICE_TEST_FILES');
  const skipped = named('BUILD_SERVICE_TEST_SKIP_FILES') ?? [];
  return files.filter((f) => (only ? only.includes(nameOf(f)) : true) && !skipped.includes(nameOf(f)));
}

/**
 * The web test host sees the extension host's console only as the workbench page's console, mixed
 * with the workbench's own logging. It sets BUILD_SERVICE_TEST_OUTPUT_TAG so that mocha's reporter
 * output can be tagged and picked out, and the run framed by begin/end lines. (VS Code makes the
 * console methods themselves read-only in the extension host, so the reporter's printer is what we
 * replace.) Returns the function that ends the run's output.
 */
function tagReporterOutput(): () => void {
  const tag = process.env.BUILD_SERVICE_TEST_OUTPUT_TAG;
  if (!tag) return () => {};
  const reporterLog = Mocha.reporters.Base.consoleLog;
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => reporterLog(`${tag}${format(...args)}`);
  reporterLog(`${tag}begin`);
  return () => {
    reporterLog(`${tag}end`);
    Mocha.reporters.Base.consoleLog = reporterLog;
  };
}

/** The folders (under out/test/integration/) a development run takes its suites from. */
const developmentSuites: Record<string, readonly string[]> = {
  // Every suite, then the soak: it measures heap and handles in a host the suites have warmed up.
  default: ['suite', 'soak'],
  // The simulated day needs the soak's time scale (BUILD_SERVICE_SOAK_TIME_SCALE): only `npm run soak` runs it.
  soak: ['soak', 'soak-day'],
  german: ['german'],
};

export function run(): Promise<void> {
  // `npm run soak` sets BUILD_SERVICE_TEST_SUITE_DIR=soak, `npm run test:german` german.
  const name = process.env.BUILD_SERVICE_TEST_SUITE_DIR || 'default';
  const dirs = developmentSuites[name];
  if (!dirs)
    return Promise.reject(new Error(`BUILD_SERVICE_TEST_SUITE_DIR=${name}: not one of ${Object.keys(developmentSuites).join(', ')}`));
  return runSuites(dirs.map((dir) => path.join(__dirname, dir)));
}

/** Runs every *.test.js under `suiteDirs` (compiled, in out/) with mocha, in one run. */
export async function runSuites(suiteDirs: readonly string[]): Promise<void> {
  addMachineCaForVsCode();
  const endOutput = tagReporterOutput();
  try {
    await runMocha(suiteDirs);
  } finally {
    endOutput();
  }
}

/**
 * VS Code 1.100 adds these to the certificates its fetch trusts in an extension-test run (its stand-in for
 * the system store, read when its fetch first needs certificates); later versions read SSL_CERT_FILE.
 * Both come from test/host/machineCa.mjs.
 */
function addMachineCaForVsCode(): void {
  const dir = process.env.BUILD_SERVICE_TEST_MACHINE_CA;
  if (!dir) return;
  (https.globalAgent as { testCertificates?: string[] }).testCertificates = [readFileSync(path.join(dir, 'ca.pem'), 'utf8')];
}

function runMocha(suiteDirs: readonly string[]): Promise<void> {
  const resultsFile = process.env.BUILD_SERVICE_TEST_RESULTS || undefined;
  const mocha = new Mocha({
    ui: 'bdd',
    // The output ends up in a browser console and a CI log; colour codes would only be noise there.
    color: false,
    timeout: 20_000,
    reporter: SpecAndJsonReporter,
    reporterOptions: { output: resultsFile },
    // BUILD_SERVICE_TEST_GREP=<text> runs only the tests whose full title contains it.
    grep: process.env.BUILD_SERVICE_TEST_GREP || undefined,
  });
  return new Promise((resolve, reject) => {
    try {
      for (const file of suiteFiles(suiteDirs)) mocha.addFile(file);
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed.`)) : resolve()));
    } catch (e) {
      // A suite that throws while loading never reaches the reporter; still leave a results file.
      console.error(e);
      SpecAndJsonReporter.writeLoadFailure(resultsFile, e);
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
