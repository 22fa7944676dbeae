// Who broke it, and is my change tested, beside the least work that answers less:
// - the first failing build among 50 (each build's failed-test list of 5,000 tests parsed when read) by
//   the search, against reading all 50 lists;
// - 2,000 changed line ranges intersected with the functions of the changed files and their coverage
//   (5,000 files), against a plain Set lookup of the changed files' names in the report.
// Run alone: node esbuild.mjs --tests && node --expose-gc out/test/bench/firstFailed.js
import type { Build, FunctionCoverage } from '../../src/api/models';
import { parseTestResults } from '../../src/api/parsing/parseResults';
import {
  coverageByPath,
  ranInReport,
  touchedFunctions,
  type FunctionExtent,
  type LineRange,
} from '../../src/core/coverage/changedFunctions';
import { findFirstFailed } from '../../src/core/testing/firstFailed';
import { aBuild } from '../builders';
import { alternate, alternateCpu } from './measure';
import { ms, printTable, type Row } from './report';

const BUILDS = 50;
const TESTS = 5_000;
/** The build (by number, oldest 1) where test 0 began to fail. */
const BROKEN_IN = 31;

const build = (number: number): Build =>
  aBuild({ id: `b${number}`, status: 'failed', buildNumber: number, branch: 'main', testSummary: { testsCount: TESTS, testsPassed: 0 } });

/** Each build's failed tests as the service would send them: 5,000, test 0 among them from BROKEN_IN on. */
function bodies(): Map<string, string> {
  const texts = new Map<string, string>();
  for (let n = 1; n <= BUILDS; n++) {
    const tests = Array.from({ length: TESTS }, (_, i) => ({
      run: 'iPhone 15 Pro',
      target: 'AppTests',
      suite: `Suite${i % 50}Tests`,
      name: i === 0 && n < BROKEN_IN ? `testOther${n}()` : `testFeature${i}()`,
      status: 'failed',
    }));
    texts.set(`b${n}`, JSON.stringify({ build_id: `b${n}`, tests }));
  }
  return texts;
}

export async function firstFailedRow(): Promise<Row> {
  const texts = bodies();
  const history = Array.from({ length: BUILDS }, (_, i) => build(BUILDS - i));
  const read = (b: Build) => parseTestResults(JSON.parse(texts.get(b.id) ?? '{}')).tests;
  const test = { run: 'iPhone 15 Pro', target: 'AppTests', suite: 'Suite0Tests', name: 'testFeature0()' };
  let reads = 0;
  const search = async () => {
    const report = await findFirstFailed([test], history, (b) => {
      reads++;
      return Promise.resolve(read(b));
    });
    return report.firstFailedOf(test);
  };
  const found = await search();
  if (found?.kind !== 'found' || found.failed.buildNumber !== BROKEN_IN) throw new Error('the search did not find #31');
  const searchReads = reads;
  const pair = await alternate(search, () => history.map((b) => read(b).some((t) => t.name === test.name)).lastIndexOf(true));
  const ratio = pair.subjectMs / pair.baselineMs;
  return {
    figure: `the first failing build among ${BUILDS} (failed-test lists of ${TESTS.toLocaleString('en')}, parsed when read): ${searchReads} lists read; median of 21`,
    value: ms(pair.subjectMs),
    baseline: `${ms(pair.baselineMs)} (read all ${BUILDS} lists)`,
    ratio,
    budget: '≤ 0.25x',
    pass: ratio <= 0.25,
    gated: false,
  };
}

const FILES = 5_000;
const CHANGED = 2_000;

export function changedFunctionsRow(): Row {
  const report = Array.from({ length: FILES }, (_, i) => ({
    path: `/Users/builder/clone/Sources/Module${i % 40}/File${i}.swift`,
    functions: Array.from({ length: 5 }, (_, f): FunctionCoverage => ({ name: `File${i}.fn${f}()`, lines: { covered: f % 2, total: 4 } })),
  }));
  // The changed files: every other one of the first 4,000, each with its five functions and one changed range.
  const changed = Array.from({ length: CHANGED }, (_, k) => {
    const i = k * 2;
    const extents: FunctionExtent[] = Array.from({ length: 5 }, (_, f) => ({ name: `fn${f}`, start: f * 10, end: f * 10 + 9 }));
    const ranges: LineRange[] = [{ start: (k % 5) * 10 + 3, end: (k % 5) * 10 + 4 }];
    return { path: `Sources/Module${i % 40}/File${i}.swift`, extents, ranges };
  });
  const subject = () => {
    const fileIn = coverageByPath(report);
    let ran = 0;
    for (const c of changed) {
      const ranHere = ranInReport(fileIn(c.path)?.functions ?? []);
      for (const fn of touchedFunctions(c.extents, c.ranges)) if (ranHere.has(fn.name)) ran++;
    }
    return ran;
  };
  if (subject() !== CHANGED * 0.4) throw new Error(`ran ${subject()}, not ${CHANGED * 0.4}`);
  const pair = alternateCpu(subject, () => {
    const names = new Set(report.map((f) => f.path.slice(f.path.lastIndexOf('/') + 1)));
    return changed.filter((c) => names.has(c.path.slice(c.path.lastIndexOf('/') + 1))).length;
  });
  const ratio = pair.subjectMs / pair.baselineMs;
  return {
    figure: `${CHANGED.toLocaleString('en')} changed line ranges against the coverage of ${FILES.toLocaleString('en')} files (5 functions each): which changed functions ran; CPU time, median of 41`,
    value: ms(pair.subjectMs),
    baseline: `${ms(pair.baselineMs)} (a Set lookup of the file names)`,
    ratio,
    budget: '≤ 4.00x',
    pass: ratio <= 4,
    gated: false,
  };
}

if (require.main === module) void firstFailedRow().then((row) => printTable([row, changedFunctionsRow()]));
