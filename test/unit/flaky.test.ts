// Which tests of a branch are flaky: both outcomes on one commit, or more than one flip across its last builds.
import * as assert from 'node:assert/strict';
import type { TestResult } from '../../src/api/models';
import { flakyText } from '../../src/core/testing/comparisonText';
import { flakyTests, type BuildFailures } from '../../src/core/testing/flaky';
import { aBuild, aTest } from '../builders';

const t = (name: string): TestResult => aTest({ run: 'Pixel 8', target: 'app', name, status: 'failed' });

/** Newest first: each string is one build's failed tests, `sha` its commit. */
function history(...builds: [sha: string, failed: string[]][]): BuildFailures[] {
  return builds.map(([sha, failed], index) => ({
    build: aBuild({ id: `b${index}`, buildNumber: 100 - index, branch: 'main', sha }),
    failed: failed.map(t),
  }));
}

describe('flaky tests', () => {
  it('a test that failed, passed and failed again is flaky, with its count over the builds looked at', () => {
    const report = flakyTests('main', history(['a', ['login']], ['b', []], ['c', ['login']], ['d', []], ['e', []]));
    assert.deepEqual(
      report.tests.map((f) => [f.test.name, f.failures, f.builds]),
      [['login', 2, 5]],
    );
    assert.equal(flakyText(report.tests[0], 'main'), 'flaky: failed 2 of the last 5 builds of main');
    assert.equal(report.flakyOf(t('login'))?.failures, 2);
    assert.equal(report.flakyOf({ ...t('login'), run: 'Pixel 7' }), undefined, 'another device is another test');
  });

  it('one flip is a break or a fix, not flakiness', () => {
    const broken = flakyTests('main', history(['a', ['logout']], ['b', ['logout']], ['c', []], ['d', []]));
    const fixed = flakyTests('main', history(['a', []], ['b', ['refresh']], ['c', ['refresh']]));
    assert.deepEqual([broken.tests, fixed.tests], [[], []]);
  });

  it('failed and passed on one commit is flaky even without a second flip', () => {
    const report = flakyTests('main', history(['a', ['spawn']], ['a', []], ['b', []]));
    assert.deepEqual(
      report.tests.map((f) => [f.test.name, f.failures, f.sameCommit]),
      [['spawn', 1, true]],
    );
  });

  it('most failures first', () => {
    const report = flakyTests('main', history(['a', ['x', 'y']], ['b', ['y']], ['c', ['x', 'y']], ['d', []], ['e', ['y']]));
    assert.deepEqual(
      report.tests.map((f) => f.test.name),
      ['y', 'x'],
    );
  });
});
