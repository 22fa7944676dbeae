// The base comparison of 5,000 failed tests against 5,000 failures of the base build, beside the
// least any comparison does: a Set difference of their names; the same with 10,000 tests that share one
// name (issue 42: quadratic before), and the flaky count over 10 builds of them. Run alone:
//   node esbuild.mjs --tests && node --expose-gc out/test/bench/baseComparison.js
import type { TestResult } from '../../src/api/models';
import { compareFailures } from '../../src/core/testing/baseComparison';
import { flakyTests, type BuildFailures } from '../../src/core/testing/flaky';
import { alternateCpu } from './measure';
import { aBuild, aTest } from '../builders';
import { ms, printTable, type Row } from './report';

const COUNT = 5_000;
const BUDGET = 1.5;

/** Failures 0–4,999 here and 2,500–7,499 on the base: half of each side in the other. */
function failures(from: number): TestResult[] {
  return Array.from({ length: COUNT }, (_, i) => {
    const n = from + i;
    return aTest({ suite: `Suite${n % 50}Tests`, name: `testFeature${n}()`, status: 'failed' });
  });
}

export function baseComparisonRow(): Row {
  const here = failures(0);
  const base = failures(COUNT / 2);
  const [hereNames, baseNames] = [here.map((t) => t.name), base.map((t) => t.name)];
  const comparison = compareFailures(here, base, false);
  if (comparison.newFailures.length !== COUNT / 2 || comparison.fixed.length !== COUNT / 2)
    throw new Error('the comparison did not find half new, half fixed');
  const pair = alternateCpu(
    () => compareFailures(here, base, false).newFailures.length,
    () => {
      const onBase = new Set(baseNames);
      return hereNames.filter((name) => !onBase.has(name)).length;
    },
  );
  const ratio = pair.subjectMs / pair.baselineMs;
  return {
    figure: `${COUNT.toLocaleString('en')} failed tests against ${COUNT.toLocaleString('en')} base failures: new, existing and fixed; CPU time, median of 41`,
    value: ms(pair.subjectMs),
    baseline: `${ms(pair.baselineMs)} (a Set difference of the names)`,
    ratio,
    budget: `≤ ${BUDGET.toFixed(2)}x`,
    pass: ratio <= BUDGET,
    gated: false,
  };
}

const SHARED = 10_000;
const SHARED_BUDGET = 3;
const FLAKY_BUILDS = 10;
const FLAKY_BUDGET = 4;

/** `testExample()` of Suite{from}…: one name, told apart by suite. */
function sameNamed(from: number, count: number): TestResult[] {
  return Array.from({ length: count }, (_, i) => aTest({ suite: `Suite${from + i}Tests`, name: 'testExample()', status: 'failed' }));
}

function row(figure: string, pair: { subjectMs: number; baselineMs: number }, baseline: string, budget: number): Row {
  const ratio = pair.subjectMs / pair.baselineMs;
  return {
    figure,
    value: ms(pair.subjectMs),
    baseline: `${ms(pair.baselineMs)} (${baseline})`,
    ratio,
    budget: `≤ ${budget.toFixed(2)}x`,
    pass: ratio <= budget,
    gated: false,
  };
}

/** 10,000 failures named alike against 10,000 of the base, half shared; the baseline a Set difference of their suites. */
export function sharedNamesRow(): Row {
  const here = sameNamed(0, SHARED);
  const base = sameNamed(SHARED / 2, SHARED);
  const comparison = compareFailures(here, base, false);
  if (comparison.newFailures.length !== SHARED / 2 || comparison.fixed.length !== SHARED / 2)
    throw new Error('the comparison of same-named tests did not find half new, half fixed');
  const pair = alternateCpu(
    () => compareFailures(here, base, false).newFailures.length,
    () => {
      const onBase = new Set(base.map((t) => t.suite));
      return here.filter((t) => !onBase.has(t.suite)).length;
    },
    21,
  );
  return row(
    `${SHARED.toLocaleString('en')} failed tests sharing one name against ${SHARED.toLocaleString('en')} of the base: new, existing and fixed; CPU time, median of 21`,
    pair,
    'a Set difference of their suites',
    SHARED_BUDGET,
  );
}

/** The flaky count over 10 builds of 10,000 same-named tests (odd suites in every other build); the baseline counts each suite's failures in a Map. */
export function flakyCountRow(): Row {
  const history: BuildFailures[] = Array.from({ length: FLAKY_BUILDS }, (_, index) => ({
    build: aBuild({ id: `b${index}`, buildNumber: 100 - index, branch: 'main', sha: `sha${index}` }),
    failed: sameNamed(0, SHARED).filter((_, i) => i % 2 === 0 || index % 2 === 0),
  }));
  if (flakyTests('main', history).tests.length !== SHARED / 2) throw new Error('the flaky count did not find the odd suites');
  const failures = history.reduce((sum, b) => sum + b.failed.length, 0);
  const pair = alternateCpu(
    () => flakyTests('main', history).tests.length,
    () => {
      const counts = new Map<string | undefined, number>();
      for (const { failed } of history) for (const t of failed) counts.set(t.suite, (counts.get(t.suite) ?? 0) + 1);
      return counts.size;
    },
    11,
    2,
  );
  return row(
    `flaky count over ${FLAKY_BUILDS} builds of ${SHARED.toLocaleString('en')} tests sharing one name (${failures.toLocaleString('en')} failures); CPU time, median of 11`,
    pair,
    'a Map counting each suite',
    FLAKY_BUDGET,
  );
}

if (require.main === module) printTable([baseComparisonRow(), sharedNamesRow(), flakyCountRow()]);
