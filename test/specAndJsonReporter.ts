// Mocha's spec output for people, plus a JSON results file for test/runAll.mjs, which sums the unit
// and integration suites into one line. Used by the unit suite (test/unit/.mocharc.json) and by the
// extension-host runner (test/integration/index.ts), so both suites report the same shape.
// The file goes to reporterOptions.output, else to $BUILD_SERVICE_TEST_RESULTS, else nowhere.
import Mocha from 'mocha';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

function writeResults(file: string | undefined, passes: number, failures: number, tests: TestOutcome[]): void {
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  const pending = tests.filter((t) => t.state === 'pending').length;
  writeFileSync(file, JSON.stringify({ passes, failures, pending, tests }, null, 2));
}

class SpecAndJsonReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const file = SpecAndJsonReporter.resultsFile(options);
    const tests: TestOutcome[] = [];
    runner.on('pass', (t) => tests.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
    runner.on('pending', (t) => tests.push({ title: t.fullTitle(), state: 'pending' }));
    // Hook failures ("before all" hook …) arrive here too, so they count as failures.
    runner.on('fail', (t, err: Error) => tests.push({ title: t.fullTitle(), state: 'failed', error: err?.message ?? String(err) }));
    runner.once('end', () => writeResults(file, runner.stats?.passes ?? 0, runner.stats?.failures ?? 0, tests));
  }

  static resultsFile(options?: Mocha.MochaOptions): string | undefined {
    const output: unknown = options?.reporterOptions?.output;
    return typeof output === 'string' && output ? output : process.env.BUILD_SERVICE_TEST_RESULTS || undefined;
  }

  /** For a runner that could not even load its suites: record one failure that says why. */
  static writeLoadFailure(file: string | undefined, error: unknown): void {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    writeResults(file, 0, 1, [{ title: 'loading the test suites', state: 'failed', error: message }]);
  }
}

export = SpecAndJsonReporter;
