// npm run bench (on demand, not in CI): timings in one run, each beside a baseline measured in the same
// run, with the ratio and PASS/OVER against its budget. The figures only the real extension host can
// give (the window's startup, activation with it, the click that opens the Apps view, tree items) come
// from test/host/benchHost.mjs and join the same table. Run after a production build (the npm script
// builds one): the bundles measured are the ones that ship. Timing ratios vary on a shared machine and are reported, not gated; the run exits
// non-zero only when a count is over budget (slots a dripping answer holds, requests answered before
// activate() returned) or a host step measured nothing. Bundle sizes and the views' request counts
// are asserted by the tests (test/unit/bundles.test.ts, test/integration/suite/requests.counts.test.ts).
// BUILD_SERVICE_BENCH_HOST=0 leaves the host out (a quick run, which says so under the table).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { sortByName } from '../../src/core/apps/sortApps';
import { generateApps } from '../service/server';
import { coverageOfFiveThousandFiles, sameNameCoverageRow } from './coverage';
import { locateTenThousandTests } from './locate';
import { alternateCpu } from './measure';
import { gatedFailures, kib, ms, printTable, type Row } from './report';
import { downloadTwentyMebibytes } from './download';
import { baseComparisonRow, flakyCountRow, sharedNamesRow } from './baseComparison';
import { trackerHoldsRow } from './trackerHolds';
import { changedFunctionsRow, firstFailedRow } from './firstFailed';
import { cachedAnswersRow } from './cachedAnswers';
import { hostileSizeRows } from './hostileSizes';
import { drippingAnswers, type DripOutcome, listTenThousandApps, routeRequests, thousandSmallRequests } from './wire';
import { historySizes } from './sizes';

const root = join(__dirname, '../../..');

/** Printed only: the budgets are test/unit/bundles.test.ts's. */
function sizeRow(file: string): Row {
  return { figure: `${file}, minified`, value: kib(statSync(join(root, file)).size), baseline: '', budget: '', gated: false };
}

function ratioRow(figure: string, baselineName: string, pair: { subjectMs: number; baselineMs: number }, budget?: number): Row {
  const ratio = pair.subjectMs / pair.baselineMs;
  return {
    figure,
    value: ms(pair.subjectMs),
    baseline: `${ms(pair.baselineMs)} (${baselineName})`,
    ratio,
    budget: budget === undefined ? '' : `≤ ${budget.toFixed(2)}x`,
    pass: budget === undefined ? undefined : ratio <= budget,
    gated: false,
  };
}

/** Throughput, so the ratio is the other way round: at least `budget` of the baseline's. */
function throughputRow(pair: { subjectMs: number; baselineMs: number; bytes: number }, budget = 0.8): Row {
  const rate = (timeMs: number) => `${(pair.bytes / 1_000_000 / (timeMs / 1000)).toFixed(0)} MB/s`;
  const ratio = pair.baselineMs / pair.subjectMs;
  return {
    figure: 'Download Artifact: 20 MiB from the reference service to disk (temporary name, renamed), throughput, alternating, median of 9',
    value: rate(pair.subjectMs),
    baseline: `${rate(pair.baselineMs)} (undici.request piped to a file)`,
    ratio,
    budget: `≥ ${budget.toFixed(2)}x`,
    pass: ratio >= budget,
    gated: false,
  };
}

/** A count, not a time: the slots the dripping answers still hold once they are over. */
function dripRow(drip: DripOutcome): Row {
  const allTimedOut = drip.outcomes.every((outcome) => outcome === 'timeout');
  const ended = drip.endedMs === undefined ? `not ended after ${ms(2 * drip.deadlineMs)}` : `ended after ${ms(drip.endedMs)}`;
  return {
    figure: `an answer that drips for ever releases its slot within the overall deadline (4 at once, 1 byte / 50 ms, timeout ${ms(drip.deadlineMs)}): slots held after it`,
    value: String(drip.heldAfter),
    baseline: `${drip.heldWhileDripping} while dripping; ${ended}, as ${[...new Set(drip.outcomes)].join(', ')}`,
    budget: '0',
    pass: drip.heldAfter === 0 && allTimedOut,
    gated: true,
  };
}

/** A module of src/api as it ships: bundled and minified by esbuild (calls across files become direct calls). */
async function bundled<Module>(file: string, entry = join(root, 'src/api', file)): Promise<Module> {
  const outfile = join(root, 'out/bench', file.replace(/\.ts$/, '.js'));
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: true,
    outfile,
    logLevel: 'warning',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(outfile) as Module;
}

async function main(): Promise<void> {
  const rows: Row[] = [sizeRow('dist/extension.js'), sizeRow('dist/libraries.js')];

  const body = JSON.stringify(generateApps(10_000));
  const { parseApps } = await bundled<typeof import('../../src/api/parsing/parseApps')>('parsing/parseApps.ts');
  rows.push(
    ratioRow(
      'parse 10,000 apps (validated, mapped), CPU time, median of 41',
      'JSON.parse alone',
      alternateCpu(
        () => parseApps(JSON.parse(body)),
        () => JSON.parse(body),
      ),
      1.3,
    ),
  );

  const client = await bundled<typeof import('../../src/api/client/client')>('client/client.ts');
  rows.push(
    ratioRow('listApps, 10,000 apps, alternating, median of 21', 'undici.request + JSON.parse', await listTenThousandApps(client), 1.1),
  );
  rows.push(
    ratioRow(
      '1,000 sequential getBuild, alternating, median of 15',
      'undici.request + JSON.parse, one keep-alive connection',
      await thousandSmallRequests(client),
      1.15,
    ),
  );

  const routes = await routeRequests(await bundled<typeof import('./routeEntry')>('routeEntry.ts', join(root, 'test/bench/routeEntry.ts')));
  rows.push(
    ratioRow(
      "200 sequential getBuild on VS Code's route (Node's fetch as the host's), warm connection, alternating, median of 15",
      'plain fetch + JSON.parse',
      routes.vscode,
      1.15,
    ),
    ratioRow(
      '200 sequential getBuild on our own route (undici), warm connection, alternating, median of 15',
      'plain fetch + JSON.parse',
      routes.own,
      1.15,
    ),
    ratioRow("VS Code's route against our own route: the two rows above, the same 200 getBuild", 'our own route', {
      subjectMs: routes.vscode.subjectMs,
      baselineMs: routes.own.subjectMs,
    }),
  );

  rows.push(dripRow(await drippingAnswers(client)));

  const downloader = await bundled<typeof import('./downloadEntry')>('downloadEntry.ts', join(root, 'test/bench/downloadEntry.ts'));
  rows.push(throughputRow(await downloadTwentyMebibytes(downloader)));

  const sizer = await bundled<typeof import('./sizesEntry')>('sizesEntry.ts', join(root, 'test/bench/sizesEntry.ts'));
  const sizes = await historySizes(sizer);
  rows.push({
    ...ratioRow(
      `artifact sizes of the Build History's 50 builds (${sizes.artifacts} artifacts, 4 at once, kept as the store keeps them): ${sizes.requests} requests, alternating, median of 9`,
      `fetch GET of the first byte per artifact, ${sizes.baselineRequests} requests`,
      sizes,
      1.2,
    ),
    // The requests are exact: one per artifact, or the row fails the run.
    gated: sizes.requests !== sizes.artifacts,
    pass: sizes.requests === sizes.artifacts && sizes.subjectMs / sizes.baselineMs <= 1.2,
  });

  const apps = generateApps(10_000).map((app) => ({ id: app._id, name: app.app_name }));
  const byCodeUnits = () => [...apps].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  rows.push(
    ratioRow(
      'sort 10,000 apps by name (locale-aware), CPU time',
      'sort by UTF-16 code units',
      alternateCpu(() => sortByName(apps), byCodeUnits, 21),
    ),
  );

  const sources = locateTenThousandTests();
  if (sources.located !== 10_000) throw new Error(`the source search located ${sources.located} of 10,000 tests`);
  rows.push(
    ratioRow(
      'locate 10,000 failed tests in 500 source files (read, each scanned once), CPU time, median of 21',
      'read and split the files once',
      sources,
      1.5,
    ),
  );

  const { parseCoverage } = await bundled<typeof import('../../src/api/parsing/parseResults')>('parsing/parseResults.ts');
  const coverage = coverageOfFiveThousandFiles(parseCoverage);
  if (coverage.matched !== 5_000) throw new Error(`the coverage matched ${coverage.matched} of 5,000 files`);
  rows.push(
    ratioRow(
      'coverage of 5,000 files (5 functions each) parsed, matched to workspace files by path suffix, counted; CPU time, median of 21',
      'JSON.parse of the same body',
      coverage,
      1.3,
    ),
  );
  rows.push(sameNameCoverageRow());
  rows.push(baseComparisonRow(), sharedNamesRow(), flakyCountRow(), trackerHoldsRow());
  rows.push(await firstFailedRow(), changedFunctionsRow(), await cachedAnswersRow());
  rows.push(...hostileSizeRows());

  const skipHost = process.env.BUILD_SERVICE_BENCH_HOST === '0';
  const host = skipHost ? { rows: [], problems: [] } : hostRows();
  printTable([...rows, ...host.rows]);
  if (skipHost)
    console.log('\nThe real host was left out (BUILD_SERVICE_BENCH_HOST=0): no window startup, activation, view opening or tree items.');
  const over = gatedFailures([...rows, ...host.rows]);
  if (over.length > 0) console.log(`\nOVER budget: ${over.map((row) => row.figure).join('; ')}`);
  for (const problem of host.problems) console.log(`\n${problem}`);
  if (over.length > 0 || host.problems.length > 0) process.exitCode = 1;
}

/**
 * The window's startup, activation, opening the Apps view and tree items, measured in the real host by
 * test/host/benchHost.mjs (fresh hosts, about 10 minutes), whose rows join this table.
 */
function hostRows(): { rows: Row[]; problems: string[] } {
  console.log('Measuring in the real extension host (test/host/benchHost.mjs, about 10 minutes)…');
  const rowsDir = mkdtempSync(join(tmpdir(), 'bench-host-'));
  const rowsFile = join(rowsDir, 'rows.json');
  try {
    const run = spawnSync(process.execPath, [join(root, 'test/host/benchHost.mjs')], {
      stdio: 'inherit',
      env: { ...process.env, BUILD_SERVICE_BENCH_ROWS: rowsFile },
    });
    if (run.status !== 0 || !existsSync(rowsFile))
      return { rows: [], problems: [`the host bench failed (exit code ${run.status ?? run.signal}): no host figures`] };
    return JSON.parse(readFileSync(rowsFile, 'utf8')) as { rows: Row[]; problems: string[] };
  } finally {
    rmSync(rowsDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
