// "Who broke it?": trunk's newest build #150 in the Testing view says under each failed test where along
// trunk's 50 builds it began to fail, for at most 7 test requests once and none the second time. trunk's
// builds name commits the test repository holds (test/integration/firstFailed.ts). With BUILD_SERVICE_SCREENSHOTS=<folder>
// it saves first-failed.png: the commits between, over the Testing view (the README's media/first-failed.png).
import * as assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseBuild } from '../../../src/api/parsing/parseBuild';
import { commitsBetween, gitRepositoryOf } from '../../../src/services/branch/commitsBetween';
import type { Build as WireBuild, RunningService } from '../../service/server';
import { COMPARE_REPO } from '../../service/seedCatalog';
import { CULPRIT } from '../../service/seedFirstFailed';
import { askTool } from '../chatTools';
import { git, gitReads, testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { BROKEN_TEST_FILE, makeTrunk, removeTrunk, subjectOf } from '../firstFailed';
import { useReferenceService } from '../harness';
import { screenshot } from '../screenshots';
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

const rows = () => ui.texts('.quick-input-list .monaco-list-row');

/** The Testing view's item of a test of the build shown. */
function testItem(service: { api: Parameters<typeof testing>[0] }, test: { suite: string; name: string }): vscode.TestItem {
  const id = [CULPRIT.run, CULPRIT.target, test.suite, test.name].map(encodeURIComponent).join('/');
  let found: vscode.TestItem | undefined;
  const walk = (item: vscode.TestItem) => {
    if (item.id === id) found = item;
    item.children.forEach(walk);
  };
  testing(service.api).tests.view?.controller.items.forEach(walk);
  assert.ok(found, `the Testing view's item ${id}`);
  return found;
}

/** trunk's commits by build number, as its builds name them. */
function trunkShas(service: RunningService): Record<number, string> {
  const shas: Record<number, string> = {};
  for (const b of service.data.builds) if (b.commit_info.branch === CULPRIT.branch) shas[b.build_number] = b.commit_info.commit_sha;
  return shas;
}

describe('editor: where a failed test began to fail', () => {
  let repo = '';
  // trunk is its own base here; 2 builds for the flaky count keep its requests apart from the search's.
  // Nothing polls (test mode lists the watched branch every second): every request counted is a look's.
  const fixture = useReferenceService({
    onlyIf: ui.uiProbeAvailable,
    token: true,
    settings: { baseBranch: CULPRIT.branch, flakyTestBuilds: 2, autoRefresh: false },
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

  after(() => removeTrunk(repo));

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
    const lists = fixture.service.requestsTo('GET /apps/:app_id/builds').map((r) => r.rawUrl);
    assert.deepEqual(lists, [], 'no list either');
    assert.match(messageOf(fixture, CULPRIT.broken), /first failed in trunk #138 \(passed in #137\)$/);
  });

  it('Show Commits Between on the failed test: the commit that changed its file first, then the other; picking it opens its changes; nothing asked of the service', async () => {
    if (process.env.BUILD_SERVICE_SCREENSHOTS) {
      // For the picture: the Testing view's tree open down to the failed test, nothing else in the way.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await vscode.commands.executeCommand('workbench.view.testing.focus');
      for (let level = 0; level < 4; level++)
        await ui.click('.sidebar .monaco-list-row[aria-expanded="false"] .monaco-tl-twistie').catch(() => undefined);
    }
    fixture.service.clearRequests();
    void vscode.commands.executeCommand('buildService.showCommitsBetween', testItem(fixture, CULPRIT.broken));
    // By their text: an earlier quick pick's rows may linger in the page, hidden.
    await waitFor(async () => (await rows()).some((r) => r.includes('Write down the next step')), 'the commits listed');
    assert.equal((await rows()).length, 2, (await rows()).join(' | '));
    const [first, second] = await rows();
    assert.ok(first.includes(subjectOf(CULPRIT.brokenIn)) && first.includes("changed the failing test's file"), first);
    assert.ok(second.includes('Write down the next step') && !second.includes('changed the failing'), second);
    await screenshot('first-failed.png');
    await ui.pressKey('Enter');
    await waitFor(
      () => vscode.window.tabGroups.activeTabGroup.activeTab?.label.includes(subjectOf(CULPRIT.brokenIn)) === true,
      () => `the commit's changes open (active tab: ${vscode.window.tabGroups.activeTabGroup.activeTab?.label})`,
    );
    // Current Branch's poll of trunk goes on meanwhile; nothing else may be asked.
    const asked = fixture.service.requests.filter((r) => !(r.route === 'GET /apps/:app_id/builds' && r.query.limit === '5'));
    assert.deepEqual(
      asked.map((r) => r.rawPath),
      [],
      'the commits came from Git alone',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a commit the local repository lacks is named, with one Fetch that brings it and lists the commits', async () => {
    const shas = trunkShas(fixture.service);
    const bare = realpathSync(mkdtempSync(path.join(tmpdir(), 'trunk-remote-')));
    try {
      git(bare, 'clone', '-q', '--bare', repo, '.');
      // The local trunk ends at #137: the commits after it are only on the remote.
      git(repo, 'reset', '-q', '--hard', shas[CULPRIT.brokenIn - 1]);
      git(repo, 'update-ref', '-d', 'ORIG_HEAD');
      git(repo, 'reflog', 'expire', '--expire=now', '--all');
      git(repo, 'gc', '-q', '--prune=now');
      assert.throws(() => git(repo, 'cat-file', '-e', shas[CULPRIT.brokenIn]), "#138's commit is gone locally");
      // Fetched from the bare copy; the push address still names the app's repository.
      git(repo, 'remote', 'set-url', 'origin', bare);
      git(repo, 'remote', 'set-url', '--push', 'origin', COMPARE_REPO);
      await gitReads(fixture.api, repo);
      void vscode.commands.executeCommand('buildService.showCommitsBetween', testItem(fixture, CULPRIT.broken));
      await waitFor(async () => (await rows()).some((r) => r.includes('Fetch')), 'the Fetch action');
      const shown = await rows();
      assert.equal(shown.length, 1, shown.join(' | '));
      assert.ok(shown[0].includes(shas[CULPRIT.brokenIn].slice(0, 7)), shown[0]);
      assert.ok(!shown[0].includes(shas[CULPRIT.brokenIn - 1].slice(0, 7)), "#137's commit is there");
      await ui.pressKey('Enter');
      await waitFor(async () => (await rows())[0]?.includes(subjectOf(CULPRIT.brokenIn)) === true, 'the commits after the fetch', 15_000);
      assert.equal((await rows()).length, 2);
      await ui.pressKey('Escape');
    } finally {
      // The app's repository again, read by Git now: the next test asks Current Branch for trunk's build,
      // which it would not find were the remote still the bare copy when Git's file watcher got to it.
      git(repo, 'config', '--unset', 'remote.origin.pushurl');
      git(repo, 'remote', 'set-url', 'origin', COMPARE_REPO);
      rmSync(bare, { recursive: true, force: true });
      await gitReads(fixture.api, repo);
      await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === CULPRIT.branch, `builds of ${CULPRIT.branch} again`);
    }
  });

  it('the chat tool says where each failed test began to fail', async () => {
    await setSetting('flakyTestBuilds', 2);
    const text = await askTool(fixture.api, 'buildService_failuresAgainstBase');
    assert.ok(
      text.includes(`- "BoardTests.testMergeTiles()" (${CULPRIT.target}, ${CULPRIT.run}): first failed in trunk #138 (passed in #137)`),
      text,
    );
    assert.ok(text.includes('Where they began to fail (2):'), text);
  });

  it("Commits Between over merged branches, through the Git extension: the merge that brought a branch's change to the test's file marked, as a diff of each against its first parent says", async () => {
    // A history of merges off trunk's newest commit, made in a clone (the Git extension may hold the
    // test repository's index meanwhile) and fetched; listed as the command lists it.
    const from = git(repo, 'rev-parse', 'HEAD').trim();
    const clone = realpathSync(mkdtempSync(path.join(tmpdir(), 'merges-')));
    const author = ['-c', 'user.name=Ada Lovelace', '-c', 'user.email=ada@example.com'];
    const commit = (subject: string, file: string) => {
      mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
      appendFileSync(path.join(clone, file), `${subject}\n`);
      git(clone, 'add', '-A');
      git(clone, ...author, 'commit', '-q', '-m', subject);
    };
    const merge = (branch: string, ...how: string[]) =>
      git(clone, ...author, 'merge', '-q', '--no-ff', ...how, '-m', `Merge ${branch}`, branch);
    try {
      git(clone, 'clone', '-q', '--no-checkout', repo, '.');
      git(clone, 'checkout', '-q', '-b', 'merges', from);
      git(clone, 'checkout', '-q', '-b', 'merges-a');
      commit('a: the test', BROKEN_TEST_FILE);
      commit('a: notes', 'notes.txt');
      git(clone, 'checkout', '-q', 'merges');
      commit('merges: board', 'board.txt');
      merge('merges-a');
      git(clone, 'checkout', '-q', '-b', 'merges-b');
      commit('b: notes', 'notes.txt');
      git(clone, 'checkout', '-q', 'merges');
      merge('merges-b');
      git(clone, 'checkout', '-q', '-b', 'merges-d');
      commit('d: the test', BROKEN_TEST_FILE);
      git(clone, 'checkout', '-q', 'merges');
      merge('merges-d', '-s', 'ours');
      commit('merges: last', 'notes.txt');
      git(repo, 'fetch', '-q', clone, 'merges');
      const to = git(repo, 'rev-parse', 'FETCH_HEAD').trim();
      const { git: gitWorkspace } = testing(fixture.api).branch;
      const repository = gitRepositoryOf(gitWorkspace, COMPARE_REPO);
      assert.ok(repository, 'the test repository, as the Git extension has it open');
      const listed = await commitsBetween(gitWorkspace, COMPARE_REPO, from, to, vscode.Uri.joinPath(repository.rootUri, BROKEN_TEST_FILE));
      assert.equal(listed.kind, 'listed');
      assert.deepEqual(
        listed.rows.map((r) => `${r.touched ? '* ' : ''}${r.subject}`),
        ['* Merge merges-a', 'merges: last', 'Merge merges-d', 'Merge merges-b', 'merges: board'],
      );
      const changedIt = (sha: string) => git(repo, 'diff', '--name-only', `${sha}^1`, sha).split('\n').includes(BROKEN_TEST_FILE);
      for (const row of listed.rows) assert.equal(row.touched, changedIt(row.hash), row.subject);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it('Commits Between in a repository missing an object of the range (a damaged clone): the list ends, it does not wait forever', async () => {
    // Three commits made in a clone and fetched (loose objects); the oldest one's object is then taken away.
    const from = git(repo, 'rev-parse', 'HEAD').trim();
    const clone = realpathSync(mkdtempSync(path.join(tmpdir(), 'damaged-')));
    const author = ['-c', 'user.name=Ada Lovelace', '-c', 'user.email=ada@example.com'];
    const objects = path.join(repo, '.git', 'objects');
    let hidden: { object: string; kept: string } | undefined;
    try {
      git(clone, 'clone', '-q', '--no-checkout', repo, '.');
      git(clone, 'checkout', '-q', '-b', 'damaged', from);
      for (const subject of ['damaged: one', 'damaged: two', 'damaged: three']) {
        appendFileSync(path.join(clone, 'notes.txt'), `${subject}\n`);
        git(clone, 'add', '-A');
        git(clone, ...author, 'commit', '-q', '-m', subject);
      }
      git(repo, '-c', 'fetch.unpackLimit=1000', 'fetch', '-q', clone, 'damaged');
      const to = git(repo, 'rev-parse', 'FETCH_HEAD').trim();
      const one = git(repo, 'rev-parse', 'FETCH_HEAD~2').trim();
      const object = path.join(objects, one.slice(0, 2), one.slice(2));
      hidden = { object, kept: path.join(clone, 'kept-object') };
      copyFileSync(object, hidden.kept);
      rmSync(object, { force: true });
      const { git: gitWorkspace } = testing(fixture.api).branch;
      const repository = gitRepositoryOf(gitWorkspace, COMPARE_REPO);
      assert.ok(repository);
      const listed = await commitsBetween(gitWorkspace, COMPARE_REPO, from, to, vscode.Uri.joinPath(repository.rootUri, BROKEN_TEST_FILE));
      assert.equal(listed.kind, 'unreadable', 'said as Git failing, not as no commits');
    } finally {
      if (hidden) renameSync(hidden.kept, hidden.object);
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
