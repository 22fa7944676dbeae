// The test-runner extension: how suites get into a VS Code that loads our extension as a user has it,
// installed from the .vsix. Such a copy runs in ExtensionMode.Production, and VS Code 1.139's web
// build ignores the development payload (extensionTestsPath) altogether, so the harness
// (test/host/runInstalled.mjs) installs this small extension beside the packaged one instead. Its
// folder holds the compiled out/ tree and a package.json the harness writes. When the harness's
// variables are in the extension host's environment, activation runs the suites with mocha and
// writes the exit code to a file the harness waits for; without them it does nothing.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runSuites } from '../integration/index';

/** Suites folders, relative to out/test, comma-separated (e.g. `smoke,integration/german`, `integration/suite`). */
export const SUITES_ENV_VAR = 'BUILD_SERVICE_TEST_SUITES';
/** The file that receives `{ "code": 0 | 1 }` when the run is over. */
export const DONE_ENV_VAR = 'BUILD_SERVICE_TEST_DONE';

export function activate(): void {
  const suites = process.env[SUITES_ENV_VAR];
  const doneFile = process.env[DONE_ENV_VAR];
  if (!suites || !doneFile) return;
  const finish = (code: number) => writeFileSync(doneFile, JSON.stringify({ code }));
  // Activation returns at once; the run goes on in the extension host, as a development test run would.
  runSuites(suites.split(',').map((dir) => path.join(__dirname, '..', dir.trim()))).then(
    () => finish(0),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      finish(1);
    },
  );
}

export function deactivate(): void {}
