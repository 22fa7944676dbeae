// Failed tests in VS Code's Testing view: the current branch's latest finished build by default, any
// build on request, the failing tests located in the workspace's sources (seeded by the test host
// from test/service/testSources.ts), one build at a time.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { readBuild } from '../../builders';
import type { Build as WireBuild, RunningService } from '../../service/server';
import { IOS_2048 } from '../../service/seedCatalog';
import { EXCLUDED_COPY, IOS_TEST_DIR } from '../../service/testSources';
import { checkOut, testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import { loadedTesting, shownTests } from '../testingView';
import { waitFor } from '../wait';

function iosBuilds(service: RunningService, branch: string): WireBuild[] {
  return service.data.builds
    .filter((b) => b.app_id === IOS_2048 && b.commit_info.branch === branch)
    .sort((a, b) => b.build_number - a.build_number);
}

function expectedPaths(service: RunningService, build: WireBuild, which: 'failed' | 'all'): string[] {
  return (service.data.tests.get(build._id) ?? [])
    .filter((t) => which === 'all' || t.status === 'failed')
    .map((t) => [t.run, t.target, t.suite, t.name].join(' / '))
    .sort((a, b) => a.localeCompare(b));
}

/** The 0-based line of `func <name>(` in the seeded source, read independently of the extension. */
function declarationLine(suite: string, name: string): number {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const lines = readFileSync(`${folder}/${IOS_TEST_DIR}/${suite}.swift`, 'utf8').split('\n');
  return lines.findIndex((l) => l.includes(`func ${name.replace(/\(\)$/, '')}(`));
}

describe('editor: failed tests in the Testing view', () => {
  // The Testing view starts empty (this hook is registered before the harness's, so it runs first).
  // Every reference service seeds the same build ids, and the suite before this one (editor.notify,
  // also on develop) leaves this very build's results in the view until the harness points the
  // extension at this suite's service (which clears the view): the first test's wait for "the view on
  // the latest build" must not pass on the earlier service's results, nor its count of this service's
  // requests race the showing that the checkout has only just started.
  before(() => vscode.commands.executeCommand('buildService.clearTestResults'));
  const fixture = useReferenceService({ token: true, checkout: 'develop' });

  it("shows the current branch's latest finished build by itself: only the failed tests, run → target → suite → test, each in its file", async () => {
    const latest = iosBuilds(fixture.service, 'develop').find((b) => b.finished);
    assert.ok(latest && latest.build_status === 'failed', 'the seed makes the newest finished develop build of 2048 iOS fail');
    await waitFor(() => testing(fixture.api).tests.view?.shown?.build.id === latest._id, `the Testing view on build ${latest._id}`);
    const { view, locator } = loadedTesting(fixture.api);
    assert.equal(view.controller.label, 'Build Service');
    const shown = shownTests(fixture.api);
    assert.deepEqual(
      shown.map((t) => t.path),
      expectedPaths(fixture.service, latest, 'failed'),
    );
    assert.ok(shown.length > 0 && shown.every((t) => t.outcome === 'failed'));
    for (const test of shown) {
      const [, , suite, name] = test.path.split(' / ');
      assert.equal(test.file?.endsWith(`/${IOS_TEST_DIR}/${suite}.swift`), true, `${test.path} in ${test.file}`);
      assert.equal(test.line, declarationLine(suite, name), test.path);
      assert.equal(test.range?.end.character, (test.range?.start.character ?? 0) + name.replace(/\(\)$/, '').length);
    }
    // The search honoured files.exclude: the stale copy under build/ is not among the files found.
    const suites = [...new Set(shown.map((t) => t.path.split(' / ')[2]))].sort();
    const found = locator.lastFound.map((uri) => uri.path).sort();
    assert.equal(found.length, suites.length, `found: ${found.join(', ')}`);
    suites.forEach((suite, i) => assert.ok(found[i]?.endsWith(`/${IOS_TEST_DIR}/${suite}.swift`), found[i]));
    assert.ok(!found.some((p) => p.endsWith(EXCLUDED_COPY)), 'files.exclude hides ios/build/');
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id/tests', latest._id).length, 1);
  });

  it('checking out a branch without builds empties the Testing view; back on develop, its latest build is shown again', async () => {
    const { view } = loadedTesting(fixture.api);
    const latest = view.shown?.build.id;
    assert.ok(latest, "develop's latest results shown");
    const dir = await testRepository();
    await checkOut(fixture.api, dir, '-B', 'no-builds-yet');
    try {
      await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'no-builds-yet', 'the branch without builds');
      await waitFor(() => view.shown === undefined, 'the Testing view emptied');
      let count = 0;
      view.controller.items.forEach(() => count++);
      assert.equal(count, 0);
    } finally {
      await checkOut(fixture.api, dir, 'develop');
    }
    await waitFor(() => view.shown?.build.id === latest, "develop's latest results shown again");
  });

  it('Show Test Results on an older build replaces the results (never mixed) and searches the workspace once for it', async () => {
    const { view, locator } = loadedTesting(fixture.api);
    const older = iosBuilds(fixture.service, 'develop').find((b) => b.build_status === 'failed' && b._id !== view.shown?.build.id);
    assert.ok(older);
    const searches = locator.searches;
    const build = await testing(fixture.api).tests.show(readBuild(older), '2048 iOS App');
    assert.equal(build?.build.id, older._id);
    assert.deepEqual(
      shownTests(fixture.api).map((t) => t.path),
      expectedPaths(fixture.service, older, 'failed'),
    );
    await testing(fixture.api).tests.show(readBuild(older), '2048 iOS App');
    assert.equal(locator.searches, searches + 1, 'the second showing of the same build searched nothing');
  });

  it('turning showPassingTests on lists the passing tests of the shown build too (showPassing=true), marked passed, without another command', async () => {
    const { view } = loadedTesting(fixture.api);
    const older = fixture.service.data.builds.find((b) => b._id === view.shown?.build.id);
    assert.ok(older, 'the build the last test showed');
    fixture.service.clearRequests();
    await setSetting('showPassingTests', true);
    const all = expectedPaths(fixture.service, older, 'all');
    await waitFor(() => view.shown?.build.id === older._id && shownTests(fixture.api).length === all.length, 'the passing tests listed');
    const requests = fixture.service.requestsTo('GET /builds/:build_id/tests', older._id);
    assert.equal(requests.length, 1);
    assert.equal(requests[0]?.query.showPassing, 'true');
    const shown = shownTests(fixture.api);
    assert.deepEqual(
      shown.map((t) => t.path),
      all,
    );
    const wire = new Map(
      (fixture.service.data.tests.get(older._id) ?? []).map((t) => [[t.run, t.target, t.suite, t.name].join(' / '), t.status]),
    );
    for (const test of shown) assert.equal(test.outcome, wire.get(test.path), test.path);
    // The passing tests' suites were searched for too: every iOS test is in its file.
    assert.deepEqual(
      shown.filter((t) => !t.file?.includes(`/${IOS_TEST_DIR}/`)).map((t) => t.path),
      [],
      'every test located',
    );
  });

  it("another service address clears the view: one service's results are not shown under another", async () => {
    const older = iosBuilds(fixture.service, 'develop').find((b) => b.build_status === 'failed');
    assert.ok(older);
    await testing(fixture.api).tests.show(readBuild(older), '2048 iOS App');
    const { view } = loadedTesting(fixture.api);
    assert.equal(view.shown?.build.id, older._id);
    // An address where nothing answers: nothing can replace the results, so only the change clears them.
    await setSetting('baseUrl', 'http://127.0.0.1:9/v1');
    await waitFor(() => view.shown === undefined, 'the Testing view cleared');
    let count = 0;
    view.controller.items.forEach(() => count++);
    assert.equal(count, 0);
    await setSetting('baseUrl', fixture.service.baseUrl);
  });

  it('Clear Test Results empties the view', async () => {
    await vscode.commands.executeCommand('buildService.clearTestResults');
    const { view } = loadedTesting(fixture.api);
    assert.equal(view.shown, undefined);
    let count = 0;
    view.controller.items.forEach(() => count++);
    assert.equal(count, 0);
  });
});
