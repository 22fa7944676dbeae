// The tests entry of the views bench (test/host/benchViews.mjs), loaded by VS Code in a fresh extension
// host: runs the bench suite in bench/ with mocha (it uses the same harness as the integration suites)
// and writes what it measured, and any step that failed, to BUILD_SERVICE_BENCH_RESULT. The views'
// request counts are asserted by test/integration/suite/requests.counts.test.ts.
import Mocha from 'mocha';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { figures } from './bench/figures';

/** Tree items while the Apps view has never been opened in this host, then the history chart. */
const SUITES = ['treeItems.bench.js', 'historyChart.bench.js'];

export async function run(): Promise<void> {
  const resultFile = process.env.BUILD_SERVICE_BENCH_RESULT;
  if (!resultFile) throw new Error('BUILD_SERVICE_BENCH_RESULT must name the file for the result');
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'dot' });
  for (const suite of SUITES) mocha.addFile(path.join(__dirname, 'bench', suite));
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('fail', (test, error: unknown) => {
      figures.failures.push(`${test.fullTitle()}: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  writeFileSync(resultFile, JSON.stringify(figures));
}
