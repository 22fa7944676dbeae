// "Who broke it?": trunk's newest build #150 in the Testing view says under each failed test where along
// trunk's 50 builds it began to fail, for at most 7 test requests once and none the second time. trunk's
// builds name commits the test repository holds (test/integration/firstFailed.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parseBuild } from '../../../src/api/parseBuild';
import type { Build as WireBuild, RunningService } from '../../service/server';
import { COMPARE_REPO, REPO_2048 } from '../../service/seedCatalog';
import { CULPRIT } from '../../service/seedFirstFailed';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { makeTrunk } from '../firstFailed';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const APP_NAME = 'Zest Checkout iOS';
const NEWEST = CULPRIT.firstNumber + CULPRIT.builds - 1;

function trunkBuild(service: RunningService, number: number): WireBuild {
  const found = service.data.builds.find((b) => b.commit_info.branch === CULPRIT.branch && b.build_number === number);
  assert.ok(found, `trunk #${number}`);
  return found;
}

/** The test requests for trunk's builds older than `below`. */
function olderTestRequests(service: RunningService, below: number) {
  const older = new Set(
    service.data.builds.filter((b) => b.commit_info.branch === CULPRIT.branch && b.build_number < below).map((b) => b._id),
  );
  return service.requestsTo('GET /builds/:build_id/tests').filter((r) => [...older].some((id) => r.rawPath.includes(id)));
}

function messageOf(service: { api: Parameters<typeof testing>[0] }, test: { suite: string; name: string }): string {
  const shown = testing(service.api).tests.view?.shown;
  const id = [CULPRIT.run, CULPRIT.target, test.suite, test.name].map(encodeURIComponent).join('/');
  const message = shown?.messages.get(id);
  assert.ok(message, `a failure message for ${test.suite}.${test.name}`);
  return message;
}

describe('editor: where a failed test began to fail', () => {
  let repo = '';
  // trunk is its own base here; 2 builds for the flaky count keep its requests apart from the search's.
  const fixture = useReferenceService({
    onlyIf: ui.uiProbeAvailable,
    token: true,
    settings: { baseBranch: CULPRIT.branch, flakyTestBuilds: 2 },
  });

  before(async () => {
    repo = await testRepository((dir) => {
      git(dir, 'remote', 'set-url', 'origin', COMPARE_REPO);
      makeTrunk(dir, fixture.service);
      fixture.service.clearRequests();
      git(dir, 'checkout', '-q', CULPRIT.branch);
    });
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === CULPRIT.branch, `builds of ${CULPRIT.branch}`);
    // The user looks at Current Branch: what only a view shows may be asked for now.
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
  });

  after(() => {
    git(repo, 'checkout', '-q', '-f', 'master');
    git(repo, 'branch', '-q', '-D', CULPRIT.branch);
    git(repo, 'remote', 'set-url', 'origin', REPO_2048);
  });

  it(`trunk #${NEWEST}: testMergeTiles() first failed in trunk #${CULPRIT.brokenIn} (passed in #${CULPRIT.brokenIn - 1}), for at most 7 test requests of older builds`, async () => {
    const newest = trunkBuild(fixture.service, NEWEST);
    const { notes } = testing(fixture.api).comparisons;
    await waitFor(() => notes.last?.buildId === newest._id && notes.last.firstFailed !== undefined, 'first failed in, drawn', 20_000);
    const broken = messageOf(fixture, CULPRIT.broken).split('\n');
    assert.equal(broken.at(-1), `first failed in trunk #${CULPRIT.brokenIn} (passed in #${CULPRIT.brokenIn - 1})`);
    assert.equal(broken[1], `also fails on trunk #${NEWEST - 1}`, 'the comparison reads as before');
    assert.equal(
      messageOf(fixture, CULPRIT.always).split('\n').at(-1),
      `failed in every build of trunk looked at (50, back to #${CULPRIT.firstNumber})`,
    );
    // The flaky count reads #150 and #149; everything older is the search's.
    const searched = olderTestRequests(fixture.service, NEWEST - 1);
    assert.ok(searched.length >= 1 && searched.length <= 7, `${searched.length} test requests of older builds`);
    assert.equal(new Set(searched.map((r) => r.rawPath)).size, searched.length, 'no build asked twice');
  });

  it('a second look at the same build asks nothing more, and says the same', async () => {
    const newest = trunkBuild(fixture.service, NEWEST);
    const { tests, comparisons, accounts } = testing(fixture.api);
    fixture.service.clearRequests();
    const drawn = new Promise<void>((resolve) => comparisons.notes.onDidNote((n) => n.firstFailed && resolve()));
    await tests.show(parseBuild(newest), APP_NAME, accounts.all()[0]);
    await drawn;
    assert.equal(olderTestRequests(fixture.service, NEWEST).length, 0);
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/builds').length, 0, 'no list either');
    assert.match(messageOf(fixture, CULPRIT.broken), /first failed in trunk #138 \(passed in #137\)$/);
  });

  it('the chat tool says where each failed test began to fail', async () => {
    await setSetting('flakyTestBuilds', 2);
    const tool = testing(fixture.api).chatTools['buildService_failuresAgainstBase'];
    assert.ok(tool);
    const result = await tool.invoke({ input: {}, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    const text = (result?.content ?? []).map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.ok(
      text.includes(`- "BoardTests.testMergeTiles()" (${CULPRIT.target}, ${CULPRIT.run}): first failed in trunk #138 (passed in #137)`),
      text,
    );
    assert.ok(text.includes('Where they began to fail (2):'), text);
  });
});
