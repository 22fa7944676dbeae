// The test runner VS Code loads in the extension host (the extensionTestsPath, as
// out/test/integration/index.js). VS Code calls run() once the extension under test is loaded and
// ends the session with exit code 0 if the promise resolves, 1 if it rejects. runSuites() is the
// same for another folder of suites; the runner extension (test/installed/) uses it to test an
// installed .vsix.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import SpecAndJsonReporter from '../specAndJsonReporter';

/**
 * The suites to run: every *.test.js under `suiteDir`, or with BUILD_SERVICE_TEST_FILES=<names> only
 * those named (comma-separated, without `.test.js`, e.g. `activation,network`); a name that matches no
 * file is an error, so a typo cannot quietly run less.
 */
function suiteFiles(suiteDir: string): string[] {
  // activation.test.js first, whatever the names: it times activation, so the extension must not be active yet.
  const first = (f: string) => (f === 'activation.test.js' ? 0 : 1);
  const files = readdirSync(suiteDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort((a, b) => first(a) - first(b) || (a < b ? -1 : a > b ? 1 : 0));
  const only = process.env.BUILD_SERVICE_TEST_FILES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only?.length) return files.map((f) => path.join(suiteDir, f));
  const unknown = only.filter((name) => !files.includes(`${name}.test.js`));
  if (unknown.length > 0) throw new Error(`BUILD_SERVICE_TEST_FILES names no suite in ${suiteDir}: ${unknown.join(', ')}`);
  return files.filter((f) => only.includes(f.slice(0, -'.test.js'.length))).map((f) => path.join(suiteDir, f));
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

export function run(): Promise<void> {
  // `npm run soak` points this at soak/, `npm run test:german` at german/; everything else runs suite/.
  const dir = process.env.BUILD_SERVICE_TEST_SUITE_DIR;
  return runSuites(path.join(__dirname, dir === 'soak' || dir === 'german' ? dir : 'suite'));
}

/** Runs every *.test.js under `suiteDir` (compiled, in out/) with mocha. */
export async function runSuites(suiteDir: string): Promise<void> {
  const endOutput = tagReporterOutput();
  try {
    await runMocha(suiteDir);
  } finally {
    endOutput();
  }
}

function runMocha(suiteDir: string): Promise<void> {
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
      for (const file of suiteFiles(suiteDir)) mocha.addFile(file);
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed.`)) : resolve()));
    } catch (e) {
      // A suite that throws while loading never reaches the reporter; still leave a results file.
      console.error(e);
      SpecAndJsonReporter.writeLoadFailure(resultsFile, e);
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
