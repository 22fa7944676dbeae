// The base comparison of 5,000 failed tests against 5,000 failures of the base build, beside the
// least any comparison does: a Set difference of their names. Run alone:
//   node esbuild.mjs --tests && node --expose-gc out/test/bench/baseComparison.js
import type { TestResult } from '../../src/api/models';
import { compareFailures } from '../../src/core/testing/baseComparison';
import { alternateCpu } from './measure';
import { ms, printTable, type Row } from './report';

const COUNT = 5_000;
const BUDGET = 1.5;

/** Failures 0–4,999 here and 2,500–7,499 on the base: half of each side in the other. */
function failures(from: number): TestResult[] {
  return Array.from({ length: COUNT }, (_, i) => {
    const n = from + i;
    return { run: 'iPhone 15 Pro', target: 'AppTests', suite: `Suite${n % 50}Tests`, name: `testFeature${n}()`, status: 'failed' };
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

if (require.main === module) printTable([baseComparisonRow()]);
