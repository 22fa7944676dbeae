// What a service sends is data: answers a real (or compromised) service may give, which must not break
// a view or cost the extension host without bound. One case per item of issue 22 that is about data:
// ids listed twice (7), Retry after a failure (10), the live service's test shape (11), and many
// failed tests in one long file (9). Each looks at what the user sees, through the workbench.
import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readBuild } from '../../builders';
import type { TestCase } from '../../service/data';
import { IOS_2048, LIVE_SHAPES_APP } from '../../service/seedCatalog';
import type { Build as WireBuild, RunningService } from '../../service/server';
import { IOS_TEST_DIR } from '../../service/testSources';
import { appNode, drawnRows, openAppsView, reveal, textOf } from '../appsView';
import { waitForBranchState } from '../currentBranch';
import { readLog, testing, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import { shownTests } from '../testingView';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';

function newestBuilds(service: RunningService, appId: string): WireBuild[] {
  return service.data.builds
    .filter((b) => b.app_id === appId)
    .sort((a, b) => (a.created_at === b.created_at ? b.build_number - a.build_number : a.created_at < b.created_at ? 1 : -1));
}

/** A build row as the workbench draws it: "#12", its state in words, then " · " and its branch. */
function startsWithBuild(row: string, build: WireBuild): boolean {
  const [head = '', branch] = row.split(' · ');
  return new RegExp(`^#${build.build_number}\\D`).test(head) && branch === build.commit_info.branch;
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('hostile data: what the service lists is data', () => {
  // Git is on (a real repository on develop) for the Current Branch case; the Testing view does not
  // follow the branch, nor does the coverage, and nothing polls, so every request below is one a case asked for.
  const fixture = useReferenceService({
    token: true,
    checkout: 'develop',
    waitForApps: true,
    settings: { autoRefresh: false, testResultsForCurrentBranch: false, coverageForCurrentBranch: false },
  });
  before(() => openAppsView());
  afterEach(() => fixture.service.reset());

  // First, while no other app is expanded: the builds drawn after Retry can only be this app's.
  it("Retry on the error row after a 503 asks again for that app's builds, once, and shows them", async () => {
    const cafe = fixture.service.data.apps.find((a) => a.app_name === 'Café Crème iOS');
    assert.ok(cafe);
    // All three attempts of the client (it retries a 503 itself) fail; then the service recovers.
    fixture.service.setFault('GET /apps/:app_id/builds', { status: 503, times: 3 });
    fixture.service.clearRequests();
    await reveal(fixture.api, await appNode(fixture.api, cafe._id), { expand: true });
    await waitFor(async () => (await drawnRows('Apps')).some((row) => row.startsWith('Service temporarily unavailable')), 'the error row');
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/builds', cafe._id).length, 3);

    fixture.service.clearRequests();
    await ui.click('.sidebar .monaco-list-row', 'Service temporarily unavailable');
    const [newest] = newestBuilds(fixture.service, cafe._id);
    assert.ok(newest);
    await waitFor(
      async () => (await drawnRows('Apps')).some((row) => startsWithBuild(row, newest)),
      `the builds of ${cafe.app_name} after Retry`,
    );
    await sleep(1000); // anything else the click started has had its chance to ask
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/builds', cafe._id).length, 1);
    assert.deepEqual(
      fixture.service.requests.map((r) => r.route),
      ['GET /apps/:app_id/builds'],
      'only what failed',
    );
    assert.ok(!(await drawnRows('Apps')).some((row) => row.startsWith('Service temporarily unavailable')));
  });

  it("duplicate build ids in an app's builds: the tree shows each once (VS Code refuses two items of one id), and the log says so once", async () => {
    const [newest] = newestBuilds(fixture.service, IOS_2048);
    assert.ok(newest);
    fixture.service.data.builds.push(structuredClone(newest));
    const app = await appNode(fixture.api, IOS_2048);
    await reveal(fixture.api, app, { expand: true });
    await waitFor(async () => (await drawnRows('Apps')).some((row) => startsWithBuild(row, newest)), `build #${newest.build_number} drawn`);
    assert.equal((await drawnRows('Apps')).filter((row) => startsWithBuild(row, newest)).length, 1, 'drawn once');
    // Ten asked for, one of them twice: nine builds, each once.
    const ids = (await fixture.api.apps.getChildren(app))
      .filter((node) => node.kind === 'build')
      .map((node) => fixture.api.apps.getTreeItem(node).id);
    assert.equal(ids.length, 9, ids.join(', '));
    assert.equal(new Set(ids).size, 9, ids.join(', '));

    const line = `listed an id more than once in the builds of app ${IOS_2048}`;
    await waitForLog(fixture.api, line);
    fixture.service.clearRequests();
    for (let refresh = 1; refresh <= 2; refresh++) {
      await fixture.api.apps.refresh();
      await waitFor(() => fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048).length >= refresh, `refresh ${refresh} asked`);
    }
    await sleep(500);
    assert.equal(count(await readLog(fixture.api), line), 1, 'said once, not on every refresh');
  });

  it('a build another app also lists stays under the app that showed it first', async () => {
    const [first, second] = ['Crème Brûlée Android', '天気予報 Android'].map((name) =>
      fixture.service.data.apps.find((a) => a.app_name === name),
    );
    assert.ok(first && second);
    const [shared] = newestBuilds(fixture.service, first._id);
    assert.ok(shared);
    fixture.service.data.builds.push({ ...structuredClone(shared), app_id: second._id, created_at: new Date().toISOString() });
    const firstApp = await appNode(fixture.api, first._id);
    await reveal(fixture.api, firstApp, { expand: true });
    const secondApp = await appNode(fixture.api, second._id);
    await reveal(fixture.api, secondApp, { expand: true });
    await waitFor(async () => (await drawnRows('Apps')).some((row) => startsWithBuild(row, shared)), 'builds drawn');
    const under = async (app: typeof firstApp) =>
      (await fixture.api.apps.getChildren(app)).map((node) => fixture.api.apps.getTreeItem(node).id);
    const [firstIds, secondIds] = [await under(firstApp), await under(secondApp)];
    assert.ok(firstIds.includes(`build:${fixture.service.baseUrl}/${shared._id}`), firstIds.join(', '));
    assert.ok(!secondIds.some((id) => id?.endsWith(`/${shared._id}`)), secondIds.join(', '));
    assert.equal(new Set([...firstIds, ...secondIds]).size, firstIds.length + secondIds.length);
  });

  it('an app listed twice is one Current Branch row (the first), in the view the workbench draws', async () => {
    const ios = fixture.service.data.apps.find((a) => a._id === IOS_2048);
    assert.ok(ios);
    fixture.service.data.apps.push({ ...ios, app_name: 'Impostor 2048 iOS App' });
    await vscode.commands.executeCommand('buildService.refreshCurrentBranch');
    const state = await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'develop', 'builds of develop');
    assert.ok(state.kind === 'builds');
    assert.deepEqual(
      state.entries.filter((e) => e.app.id === IOS_2048).map((e) => e.app.name),
      ['2048 iOS App'],
    );
    const { tree } = testing(fixture.api).branch;
    const ids = tree.getChildren().map((node) => tree.getTreeItem(node).id);
    assert.equal(new Set(ids).size, ids.length, ids.join(', '));
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(async () => (await drawnRows('Current Branch')).some((row) => row.startsWith('2048 iOS App')), 'the row drawn');
    const rows = await drawnRows('Current Branch');
    assert.equal(rows.filter((row) => row.startsWith('2048 iOS App')).length, 1, rows.join(' | '));
    assert.ok(!rows.some((row) => row.includes('Impostor')), rows.join(' | '));
    await waitForLog(fixture.api, 'listed an id more than once in the app list');
    await vscode.commands.executeCommand('buildService.apps.focus');
  });

  it('a build whose tests come as the live service sent them (`test`, `success`) shows them in the Testing view', async () => {
    const app = await appNode(fixture.api, LIVE_SHAPES_APP);
    await reveal(fixture.api, app, { expand: true });
    const nodes = await fixture.api.apps.getChildren(app);
    const node = nodes.find(
      (n) =>
        n.kind === 'build' && n.build.status === 'failed' && fixture.service.data.tests.get(n.build.id)?.some((t) => t.status === 'failed'),
    );
    assert.ok(node && node.kind === 'build', nodes.map((n) => textOf(fixture.api, n).label).join(', '));
    const wire = fixture.service.data.tests.get(node.build.id) ?? [];
    const paths = (tests: TestCase[]) =>
      tests.map((t) => [t.run, t.target, t.suite, t.name].join(' / ')).sort((a, b) => a.localeCompare(b));

    await setSetting('showPassingTests', true);
    await vscode.commands.executeCommand('buildService.showTestResults', node);
    await waitFor(() => testing(fixture.api).tests.view?.shown?.build.id === node.build.id, 'the Testing view on the build');
    const shown = shownTests(fixture.api);
    assert.deepEqual(
      shown.map((t) => t.path),
      paths(wire),
    );
    const outcome = new Map(wire.map((t) => [[t.run, t.target, t.suite, t.name].join(' / '), t.status]));
    for (const test of shown) assert.equal(test.outcome, outcome.get(test.path), test.path);
    assert.ok(shown.some((t) => t.outcome === 'passed') && shown.some((t) => t.outcome === 'failed'));
    assert.ok(
      shown.every((t) => t.file?.includes(`/${IOS_TEST_DIR}/`)),
      'each in its file',
    );
  });

  describe('many failed tests in one long file', () => {
    const SUITE = 'LongSuiteTests';
    const TESTS = 1000;
    const RUNS = ['iPhone 15 Pro', 'iPad Air (5th generation)', 'iPhone SE (3rd generation)'];
    let file = '';

    before(() => {
      // 3,000 lines: each test is three, and every body names the next test, as helpers do.
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
      file = path.join(folder, 'hostile-sources', `${SUITE}.swift`);
      mkdirSync(path.dirname(file), { recursive: true });
      const lines = Array.from({ length: TESTS }, (_, i) => [
        `    func test${i}() throws {`,
        `        try step(${i}) // then test${i + 1}()`,
        '    }',
      ]).flat();
      writeFileSync(file, lines.join('\n'));
    });
    after(() => rmSync(path.dirname(file), { recursive: true, force: true }));

    it('3,000 failed tests of a 3,000-line file: located right, the file scanned once, at most 2,000 placed', async () => {
      const [build] = newestBuilds(fixture.service, IOS_2048).filter((b) => b.build_status === 'failed');
      assert.ok(build);
      const tests = RUNS.flatMap((run) =>
        Array.from({ length: TESTS }, (_, i): TestCase => ({
          run,
          target: 'm2048Tests',
          suite: SUITE,
          name: `test${i}()`,
          status: 'failed',
        })),
      );
      fixture.service.data.tests.set(build._id, tests);
      const { locator } = testing(fixture.api).tests;
      const scans = locator.scans;
      await vscode.commands.executeCommand('buildService.showTestResults', readBuild(build));
      await waitFor(() => testing(fixture.api).tests.view?.shown?.build.id === build._id, 'the Testing view on the build');

      assert.equal(locator.scans - scans, 1, 'one scan of the one file, for all its tests');
      const shown = shownTests(fixture.api);
      assert.equal(shown.length, 3 * TESTS, 'every test listed');
      const placed = shown.filter((t) => t.file !== undefined);
      assert.equal(placed.length, 2 * TESTS, 'the first 2,000 placed, the rest listed without a place');
      for (const test of placed) {
        const name = test.path.split(' / ')[3] ?? '';
        const i = Number(/^test(\d+)\(\)$/.exec(name)?.[1]);
        assert.equal(test.file, vscode.Uri.file(file).path, test.path);
        assert.deepEqual([test.line, test.range?.start.character, test.range?.end.character], [3 * i, 9, 9 + `test${i}`.length], test.path);
      }
      await waitForLog(fixture.api, `Test sources: ${2 * TESTS} of ${3 * TESTS} test(s) located in 1 file(s); only the first 2000`);
    });
  });
});
