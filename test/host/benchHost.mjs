// `npm run bench:host`: the figures only the real host can give (code-server's Node extension host in
// headless Chromium, as the integration suites use): the window's startup, our activation with it and
// the click that opens the Apps view, over several fresh windows beside baseline extensions, then the
// Apps view's tree items in one more. Prints the table of `npm run bench` (same columns, budgets,
// PASS/OVER); exact rows over budget, or a step that measured nothing, exit 1.
// BUILD_SERVICE_BENCH_ROWS=<file>: write the rows there as JSON instead (npm run bench prints them in
// its own table). Expects the build (the npm scripts make a production one).
// `--trial` (`npm run bench:trial`): issue 47's trial of hostile inputs instead (benchTrial.mjs), its own table.
// BUILD_SERVICE_BENCH_PARTS=windows,views,first-window,route (the default: all): only those parts.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareHost } from './benchRun.mjs';
import { runTrial } from './benchTrial.mjs';
import { viewRows } from './benchViews.mjs';
import { windowRows } from './benchWindows.mjs';
import { firstWindowRows } from './benchFirstWindow.mjs';
import { routeRows } from './benchRoute.mjs';
import { projectRoot } from './layout.mjs';

async function main() {
  await prepareHost();
  if (process.argv.includes('--trial')) {
    const problems = await runTrial();
    for (const problem of problems) console.log(`\n${problem}`);
    return problems.length > 0 ? 1 : 0;
  }
  const wanted = (process.env.BUILD_SERVICE_BENCH_PARTS || 'windows,views,first-window,route').split(',');
  const measures = { windows: windowRows, views: viewRows, 'first-window': firstWindowRows, route: routeRows };
  const parts = [];
  for (const [name, measure] of Object.entries(measures)) if (wanted.includes(name)) parts.push(await measure());
  const rows = parts.flatMap((part) => part.rows);
  const problems = parts.flatMap((part) => part.problems);
  const rowsFile = process.env.BUILD_SERVICE_BENCH_ROWS;
  if (rowsFile) {
    writeFileSync(rowsFile, JSON.stringify({ rows, problems }));
    return 0;
  }
  const report = createRequire(import.meta.url)(path.join(projectRoot, 'out', 'test', 'bench', 'report.js'));
  report.printTable(rows);
  const over = report.gatedFailures(rows);
  if (over.length > 0) console.log(`\nOVER budget: ${over.map((row) => row.figure).join('; ')}`);
  for (const problem of problems) console.log(`\n${problem}`);
  return over.length > 0 || problems.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
