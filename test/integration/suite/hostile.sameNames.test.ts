// Issue 47, finding 8, as a user meets it: the branch's latest build failed with 10,000 tests all named
// testExample() (one per suite), and every build of its base likewise, 9,500 of them the same suites. The
// Testing view follows the branch, the comparison with the base and the flaky count run by themselves.
// The Testing view lists the first 1,000 (each test is an item and a mark sent to the workbench: 10,000
// of each, drawn three times as the notes came in, kept the host from answering for seconds) and its run
// says so; each failure listed says where it stands and Current Branch sums up all 10,000. How long a
// command waits meanwhile is the trial's figure (`npm run bench:trial`), not this test's.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningService } from '../../service/server';
import type { TestCase } from '../../service/data';
import { COMPARE } from '../../service/seedComparison';
import { COMPARE_REPO } from '../../service/seedCatalog';
import { checkOutComparison, removeComparison, testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { shownTests } from '../testingView';
import { userSaw } from '../trial/hostWatch';
import * as ui from '../ui';
import { waitFor } from '../wait';

const COUNT = 10_000;
const NAME = 'testExample()';
const BASE_NUMBER = COMPARE.firstNumber + COMPARE.mainBuilds - 1;

/** `testExample()` of Suite{from}Tests…, all failed. */
function sameNamed(from: number): TestCase[] {
  return Array.from({ length: COUNT }, (_, i) => ({
    run: COMPARE.run,
    target: COMPARE.target,
    suite: `Suite${from + i}Tests`,
    name: NAME,
    status: 'failed',
  }));
}

function seedSameNames(service: RunningService): void {
  const { data } = service;
  for (const build of data.builds.filter((b) => b.repo_url === COMPARE_REPO)) {
    const branch = build.commit_info.branch;
    if (branch !== COMPARE.feature && branch !== COMPARE.base) continue;
    // The branch: Suite0…Suite9999; every build of main: Suite500…Suite10499.
    const tests = sameNamed(branch === COMPARE.feature ? 0 : 500);
    data.tests.set(build._id, tests);
    build.build_status = 'failed';
    build.test_summary = { tests_count: tests.length, tests_passed: 0 };
  }
}

describe('hostile: failed tests that all share one name', () => {
  let repo = '';
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true });

  before(async () => {
    seedSameNames(fixture.service);
    repo = await testRepository(checkOutComparison);
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === COMPARE.feature, `builds of ${COMPARE.feature}`);
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
  });

  after(() => removeComparison(repo));

  it('10,000 failed tests all named testExample(), the base likewise: 1,000 listed and the run says so, each says new or also failing on main, Current Branch sums up all', async () => {
    const feature = fixture.service.data.builds.find((b) => b.repo_url === COMPARE_REPO && b.commit_info.branch === COMPARE.feature);
    assert.ok(feature);
    const { notes } = testing(fixture.api).comparisons;
    await waitFor(
      () => notes.last?.buildId === feature._id && notes.last.firstFailed !== undefined,
      'the comparison of the branch drawn, and where its failures began',
      60_000,
    );
    const shown = testing(fixture.api).tests.view?.shown;
    assert.ok(shown);
    const messageOf = (suite: string) => shown.messages.get([COMPARE.run, COMPARE.target, suite, NAME].map(encodeURIComponent).join('/'));
    assert.equal(shownTests(fixture.api).length, 1_000, 'the first 1,000 listed');
    const cut = 'The Testing view shows 1000 of the 10000 tests the build service listed, the failed ones first.';
    assert.equal(shown.said[0], cut);
    assert.equal(messageOf('Suite0Tests')?.split('\n')[1], `new: does not fail on main #${BASE_NUMBER}`);
    assert.equal(messageOf('Suite999Tests')?.split('\n')[1], `also fails on main #${BASE_NUMBER}`);
    assert.equal(messageOf('Suite1000Tests'), undefined, 'not listed');

    const summary = `500 new, 9500 also failing on main #${BASE_NUMBER}, 500 fixed`;
    const { tree } = testing(fixture.api).branch;
    const descriptions = () => tree.getChildren().map((n) => String(tree.getTreeItem(n).description ?? ''));
    await waitFor(
      () => descriptions().some((d) => d.endsWith(` · ${summary}`)),
      () => `Current Branch: ${descriptions().join(' | ')}`,
    );
    userSaw(`${cut} Current Branch: ${summary}`);
  });
});
