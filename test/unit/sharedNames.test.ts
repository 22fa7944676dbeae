// Failed tests that share one name, told apart by suite (issue 42): the comparison with the base and the flaky
// count find each test by its full identity, so their work grows with the number of tests, not its square;
// and what a cap leaves out is said.
import * as assert from 'node:assert/strict';
import type { TestResult } from '../../src/api/models';
import { COMPARED_TESTS_MAX, compareFailures } from '../../src/core/testing/baseComparison';
import { cappedText, summaryText, verdictText } from '../../src/core/testing/comparisonText';
import { flakyTests, type BuildFailures } from '../../src/core/testing/flaky';
import { comparedBuildText } from '../../src/core/tools/comparisonAnswer';
import { aBuild } from '../builders';

const COUNT = 10_000;
const NAME = 'testExample()';

/**
 * `testExample()` of suites `Suite{from}`…, whose `suite` counts its reads in `reads`: finding a test by its
 * name and then going through every test of that name reads it once per pair, 50 million times for 10,000.
 */
function sameNamed(from: number, count: number, status: string, reads: { n: number }): TestResult[] {
  return Array.from({ length: count }, (_, i) => {
    const suite = `Suite${from + i}`;
    const test = { run: 'iPhone 15 Pro', target: 'AppTests', name: NAME, status } as TestResult;
    Object.defineProperty(test, 'suite', {
      enumerable: true,
      get() {
        reads.n++;
        return suite;
      },
    });
    return test;
  });
}

const base41 = aBuild({ id: 'base', buildNumber: 41, branch: 'main' });

describe('failed tests sharing one name', () => {
  it('10,000 failures named alike against 10,000 of the base: new, existing and fixed by suite, each test read a few times', () => {
    const reads = { n: 0 };
    const here = sameNamed(0, COUNT, 'failed', reads); // Suite0…Suite9999
    const base = sameNamed(COUNT / 2, COUNT, 'failed', reads); // Suite5000…Suite14999
    const comparison = compareFailures(here, base, false);
    assert.deepEqual(
      [comparison.newFailures.length, comparison.existingFailures.length, comparison.fixed.length, comparison.leftOut],
      [COUNT / 2, COUNT / 2, COUNT / 2, 0],
    );
    assert.equal(comparison.newFailures[0]?.suite, 'Suite0');
    assert.equal(comparison.existingFailures[0]?.suite, `Suite${COUNT / 2}`);
    assert.equal(comparison.fixed.at(-1)?.suite, `Suite${COUNT + COUNT / 2 - 1}`);
    assert.equal(comparison.verdictOf(here[COUNT / 2 - 1]), 'new');
    assert.equal(comparison.verdictOf(here[COUNT / 2]), 'existing');
    assert.ok(reads.n <= 10 * 2 * COUNT, `the suite was read ${reads.n} times for ${2 * COUNT} tests`);
  });

  it('the flaky count over 10 builds of 10,000 same-named tests: the ones that flipped, each with its count, each test read a few times', () => {
    const reads = { n: 0 };
    // Even suites fail in every build (broken, not flaky); odd ones in every other build (flaky, 5 of 10).
    const history: BuildFailures[] = Array.from({ length: 10 }, (_, index) => ({
      build: aBuild({ id: `b${index}`, buildNumber: 100 - index, branch: 'main', sha: `sha${index}` }),
      failed: sameNamed(0, COUNT, 'failed', reads).filter((_, i) => i % 2 === 0 || index % 2 === 0),
    }));
    reads.n = 0;
    const report = flakyTests('main', history);
    assert.equal(report.tests.length, COUNT / 2);
    assert.ok(
      report.tests.every((f) => f.failures === 5 && f.builds === 10 && Number(f.test.suite?.slice('Suite'.length)) % 2 === 1),
      'the odd suites, each failed 5 of 10',
    );
    const probe = (suite: string) => ({ run: 'iPhone 15 Pro', target: 'AppTests', suite, name: NAME });
    assert.equal(report.flakyOf(probe('Suite9999'))?.failures, 5);
    assert.equal(report.flakyOf(probe('Suite9998')), undefined, 'failed in every build: broken, not flaky');
    assert.ok(reads.n <= 10 * 10 * COUNT, `the suite was read ${reads.n} times for ${7.5 * COUNT} failures`);
  });
});

describe('the cap of the comparison', () => {
  it(`compares at most ${COMPARED_TESTS_MAX.toLocaleString('en')} tests of each build and says how many it left out`, () => {
    const reads = { n: 0 };
    const here = sameNamed(0, 5, 'failed', reads);
    const base = sameNamed(0, 5, 'failed', reads);
    const capped = compareFailures(here, base, false, 3);
    assert.deepEqual([capped.existingFailures.length, capped.newFailures.length, capped.fixed.length, capped.leftOut], [3, 0, 0, 4]);
    assert.equal(
      cappedText(capped, 'main', base41),
      'Only the first 3 tests of this build and of main #41 were compared; 4 more were left out.',
    );
    assert.equal(verdictText(capped.verdictOf(here[4]), 'main', base41), 'not compared: main #41 has more tests than are compared');
    assert.equal(summaryText(capped, 'main', base41), '0 new, 3 also failing on main #41, 4 not compared');
    assert.equal(cappedText(compareFailures(here, base, false), 'main', base41), undefined, 'nothing said when all were compared');
    const answer = comparedBuildText({
      appName: 'Zest',
      build: aBuild({ id: 'here', buildNumber: 42, status: 'failed', branch: 'feature' }),
      failed: here,
      look: { kind: 'compared', branch: 'main', base: base41, failed: base },
      comparison: capped,
    });
    assert.ok(answer.includes('Only the first 3 tests of this build and of main #41 were compared; 4 more were left out.'), answer);

    const many = sameNamed(0, COMPARED_TESTS_MAX + 2, 'failed', reads);
    const atCap = compareFailures(many, base, false);
    assert.equal(atCap.leftOut, 2);
    assert.equal(atCap.newFailures.length + atCap.existingFailures.length, COMPARED_TESTS_MAX);
    assert.equal(atCap.fixed.length, 0, 'a failure of the base may be among the tests left out: not called fixed');
  });
});
