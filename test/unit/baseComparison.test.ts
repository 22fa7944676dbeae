// A build's failed tests against its base branch's: new, also failing there, fixed; and which base build counts.
import * as assert from 'node:assert/strict';
import type { Build, TestResult } from '../../src/api/models';
import { baseBuildFor, compareFailures } from '../../src/core/testing/baseComparison';
import { fixedText, noComparisonText, summaryText, verdictText } from '../../src/core/testing/comparisonText';
import { comparedBuildText } from '../../src/core/tools/comparisonAnswer';
import { aBuild, aTest, type BuildFields } from '../builders';

const test = (suite: string, name: string, status: string, run = 'iPhone 15 Pro'): TestResult => aTest({ run, suite, name, status });

const build = (id: string, number: number, branch: string, fields: BuildFields = {}): Build =>
  aBuild({
    id,
    status: 'failed',
    buildNumber: number,
    appId: 'app',
    branch,
    sha: `sha${number}`,
    createdAt: `2026-01-${String(number).padStart(2, '0')}T10:00:00Z`,
    finishedAt: `2026-01-${String(number).padStart(2, '0')}T10:20:00Z`,
    testSummary: { testsCount: 10, testsPassed: 8 },
    ...fields,
  });

describe('failed tests against the base branch', () => {
  const base = [
    test('AuthTests', 'testLogin()', 'failed'),
    test('BoardTests', 'testSpawnTile()', 'failed'),
    test('Old', 'gone()', 'failed'),
  ];

  it('a failure that also fails on the base is existing, one that does not is new; the base failures that pass here are fixed, once', () => {
    const here = [
      test('AuthTests', 'testLogin()', 'failed'),
      test('SettingsTests', 'testDarkMode()', 'failed'),
      test('BoardTests', 'testSpawnTile()', 'passed'),
      test('Old', 'gone()', 'passed'),
    ];
    const comparison = compareFailures(here, [...base, test('Old', 'gone()', 'failed')], true);
    assert.equal(comparison.verdictOf(here[0]), 'existing');
    assert.equal(comparison.verdictOf(here[1]), 'new');
    assert.deepEqual([comparison.newFailures.length, comparison.existingFailures.length], [1, 1]);
    assert.deepEqual(
      comparison.fixed.map((t) => t.name),
      ['testSpawnTile()', 'gone()'],
    );
  });

  it('the same name on another device or in another suite is another test', () => {
    const here = [test('AuthTests', 'testLogin()', 'failed', 'iPad Air'), test('OtherTests', 'testSpawnTile()', 'failed')];
    const comparison = compareFailures(here, base, false);
    assert.deepEqual(
      here.map((t) => comparison.verdictOf(t)),
      ['new', 'new'],
    );
  });

  it('without passing results, a base failure that does not fail here counts as fixed; with them, only one that passed here', () => {
    const here = [test('AuthTests', 'testLogin()', 'failed')];
    assert.deepEqual(
      compareFailures(here, base, false).fixed.map((t) => t.name),
      ['testSpawnTile()', 'gone()'],
    );
    assert.deepEqual(
      compareFailures([...here, test('BoardTests', 'testSpawnTile()', 'passed')], base, true).fixed.map((t) => t.name),
      ['testSpawnTile()'],
    );
  });

  it('reads as the Testing view and Current Branch say it', () => {
    const baseBuild = build('b41', 41, 'main');
    const comparison = compareFailures([test('AuthTests', 'testLogin()', 'failed'), test('X', 'y', 'failed')], base, false);
    assert.equal(verdictText('existing', 'main', baseBuild), 'also fails on main #41');
    assert.equal(verdictText('new', 'main', baseBuild), 'new: does not fail on main #41');
    assert.equal(summaryText(comparison, 'main', baseBuild), '1 new, 1 also failing on main #41, 2 fixed');
    assert.equal(
      fixedText(comparison, 'main', baseBuild),
      'Fixed here (failed on main #41): BoardTests.testSpawnTile() (iPhone 15 Pro), Old.gone() (iPhone 15 Pro)',
    );
    assert.equal(
      noComparisonText({ kind: 'no-base', branch: 'main' }),
      'main has no finished build with tests to compare these failures with.',
    );
  });

  it('a chat answer sorts the failures into new, existing, fixed and flaky, as data', () => {
    const mine = build('b7', 7, 'feature/x');
    const failed = [test('AuthTests', 'testLogin()', 'failed'), test('X', 'y', 'failed')];
    const look = { kind: 'compared' as const, branch: 'main', base: build('b41', 41, 'main'), failed: base };
    const text = comparedBuildText({ appName: 'App', build: mine, failed, look, comparison: compareFailures(failed, base, false) });
    assert.match(text, /New failures, not failing on main #41 \(1\):\n- "X\.y" \(AppTests, iPhone 15 Pro\)/);
    assert.match(text, /Existing failures, also failing on main #41 \(1\):\n- "AuthTests\.testLogin\(\)"/);
    assert.match(text, /Fixed here, failing on main #41 \(2\):/);
  });
});

describe('the base build', () => {
  const main = [
    build('m44', 44, 'main', { finished: false, status: 'running', finishedAt: undefined }),
    build('m43', 43, 'main', { testSummary: {} }),
    build('m42', 42, 'main', { status: 'cancelled' }),
    build('m41', 41, 'main'),
    build('m40', 40, 'main', { status: 'success', testSummary: { testsCount: 10, testsPassed: 10 } }),
  ];

  it('is the newest finished build of the base that ran tests', () => {
    assert.equal(baseBuildFor(build('f9', 9, 'feature/x'), 'main', main)?.id, 'm41');
  });

  it('for a build on the base itself, the previous finished one', () => {
    assert.equal(baseBuildFor(main[3], 'main', main)?.id, 'm40');
    assert.equal(baseBuildFor(main[4], 'main', main), undefined);
  });

  it('none when the base has no finished build', () => {
    assert.equal(baseBuildFor(build('f9', 9, 'feature/x'), 'main', main.slice(0, 3)), undefined);
  });
});
