// One meaning of a failed test (core/testing/testOutcome.ts): the chat tool's answer, the comparison with the
// base, the flaky count and the Testing view's tree count the same tests.
import * as assert from 'node:assert/strict';
import type { TestResult } from '../../src/api/models';
import { compareFailures } from '../../src/core/testing/baseComparison';
import { flakyTests } from '../../src/core/testing/flaky';
import { FAILED_STATUSES, outcomeOf } from '../../src/core/testing/testOutcome';
import { leavesOf, testTree } from '../../src/core/testing/testTree';
import { failedTestsText } from '../../src/core/tools/toolAnswers';
import { aBuild, aTest } from '../builders';

const test = (name: string, status: string): TestResult => aTest({ run: 'Pixel 8', target: 'app', name, status });
const build = aBuild({ status: 'failed', buildNumber: 12, branch: 'develop', sha: 'abc', testSummary: { testsCount: 4, testsPassed: 1 } });

describe('a failed test outcome', () => {
  const results = [test('testLogin', 'failed'), test('testLogout', 'error'), test('testToken', 'failure'), test('testSkip', 'skipped')];

  it('an `error` test is counted by the Failed Tests tool, the comparison, the flaky count and the Testing view alike', () => {
    const answer = failedTestsText(build, 'Pixel App', results);
    assert.ok(answer.includes('Build #12 of Pixel App on develop failed. 3 failed tests:'), answer);
    assert.ok(answer.includes('- "AuthTest.testLogout" (app, Pixel 8)'), answer);

    const comparison = compareFailures(results, [test('testLogout', 'error')], false);
    assert.deepEqual(
      comparison.newFailures.map((t) => t.name),
      ['testLogin', 'testToken'],
    );
    assert.deepEqual(
      comparison.existingFailures.map((t) => t.name),
      ['testLogout'],
    );

    const history = ['a', 'b', 'c'].map((sha, index) => ({
      build: { ...build, id: sha, commit: { branch: 'develop', sha, tags: [] } },
      failed: index === 1 ? [test('testSkip', 'skipped')] : [test('testLogout', 'error'), test('testSkip', 'skipped')],
    }));
    assert.deepEqual(
      flakyTests('develop', history).tests.map((f) => [f.test.name, f.failures]),
      [['testLogout', 2]],
      'an error flips like a failure; a skipped test is no failure',
    );

    const failedLeaves = leavesOf(testTree(results)).filter((leaf) => leaf.outcome === 'failed');
    assert.equal(failedLeaves.length, 3);
  });

  it('the statuses read as failed are failed, error and failure; success and passed pass; the rest is skipped', () => {
    assert.deepEqual(FAILED_STATUSES, ['failed', 'error', 'failure']);
    assert.deepEqual(['failed', 'error', 'failure', 'passed', 'success', 'skipped', ''].map(outcomeOf), [
      'failed',
      'failed',
      'failed',
      'passed',
      'passed',
      'skipped',
      'skipped',
    ]);
  });
});
