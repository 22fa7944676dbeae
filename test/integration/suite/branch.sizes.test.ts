// "How big is my build?" (issue 50): each artifact's size in the build's details, Current Branch's app against
// the base (a pull request's destination when it has one), buildService.sizeIncrease's mark and one notice,
// the history chart's size line and column, the chat tool; one ranged request per artifact, once ever; a
// server that ignores the range cut off; an http:// link from an https:// service never asked. The sizes are
// seeded in test/service/seedSizes.ts. With BUILD_SERVICE_SCREENSHOTS=<folder> it saves the README's pictures.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../../src/exports';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { createTestCa, type TestCa } from '../../network/certificates';
import { startArtifactHost, startService, type Build as WireBuild, type RunningService } from '../../service/server';
import { COMPARE_REPO, IOS_2048, REPO_2048 } from '../../service/seedCatalog';
import { COMPARE } from '../../service/seedComparison';
import { SIZES } from '../../service/seedSizes';
import { appNode, textOf, waitForApps } from '../appsView';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { extensionApi, storeToken, testing } from '../extension';
import { useReferenceService } from '../harness';
import { screenshot } from '../screenshots';
import { applySettings, resetSettings, setSetting } from '../settings';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';

const ARTIFACTS = 'GET /builds/:build_id/artifacts/:file';
const BASE_NUMBER = COMPARE.firstNumber + COMPARE.mainBuilds - 1;
const FEATURE_LINE = `Zest.apk 43.1 MB, +1.4 MB (+3.4%) against main #${BASE_NUMBER}`;
/** The page inside the history's webview. */
const PAGE = 'iframe.webview.ready >> internal:control=enter-frame >> iframe#active-frame >> internal:control=enter-frame >>';

function latestOf(service: RunningService, branch: string): WireBuild {
  const found = service.data.builds.filter((b) => b.repo_url === COMPARE_REPO && b.commit_info.branch === branch).at(-1);
  assert.ok(found, `a seeded build of ${branch}`);
  return found;
}

function branchRows(api: BuildServiceExports): { description: string; tooltip: string }[] {
  const { tree } = testing(api).branch;
  return tree.getChildren().map((node) => {
    const item = tree.getTreeItem(node);
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    return { description: String(item.description ?? ''), tooltip };
  });
}

async function waitForRow(api: BuildServiceExports, includes: string): Promise<{ description: string; tooltip: string }> {
  await waitFor(
    () => branchRows(api).some((row) => row.description.includes(includes)),
    () =>
      `Current Branch says ${JSON.stringify(includes)}; it says: ${branchRows(api)
        .map((r) => r.description)
        .join(' | ')}`,
    20_000,
  );
  const row = branchRows(api).find((r) => r.description.includes(includes));
  assert.ok(row);
  return row;
}

async function detailsOf(api: BuildServiceExports, appId: string, buildId: string): Promise<AppsTreeNode[]> {
  const build = (await api.apps.getChildren(await appNode(api, appId))).find((n) => n.kind === 'build' && n.build.id === buildId);
  assert.ok(build, `build ${buildId} listed`);
  return api.apps.getChildren(build);
}

describe('branch: artifact sizes against the base', () => {
  let repo = '';
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, waitForApps: true, settings: { autoRefresh: false } });

  before(async () => {
    await ui.clearNotifications();
    // Cleared before the checkout: a Current Branch already visible asks the sizes as soon as it shows the branch.
    fixture.service.clearRequests();
    // Git knows main as the default branch (origin/HEAD), so no branch list is asked for.
    repo = await testRepository((dir) => {
      git(dir, 'remote', 'set-url', 'origin', COMPARE_REPO);
      git(dir, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
      git(dir, 'checkout', '-q', '-B', COMPARE.feature);
    });
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === COMPARE.feature, `builds of ${COMPARE.feature}`);
  });

  after(() => {
    git(repo, 'checkout', '-q', 'master');
    // The branches the tests checked out (a grep may have run only some of them).
    for (const branch of [COMPARE.feature, COMPARE.pullRequest, COMPARE.orphan])
      if (git(repo, 'branch', '--list', branch)) git(repo, 'branch', '-q', '-D', branch);
    git(repo, 'symbolic-ref', '--delete', 'refs/remotes/origin/HEAD');
    git(repo, 'remote', 'set-url', 'origin', REPO_2048);
  });

  it(`Current Branch reads "${FEATURE_LINE}", each artifact in its tooltip, for one ranged request per artifact; the server ignoring ranges is cut off within a few KiB`, async () => {
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    const row = await waitForRow(fixture.api, FEATURE_LINE);
    for (const line of [
      `Artifact sizes against main #${BASE_NUMBER}:`,
      `  ${FEATURE_LINE.replace(/ against.*/, '')}`,
      `  ${SIZES.renamed} 2.1 MB, new`,
      `  ${SIZES.whole}: size unknown`,
      `  ${SIZES.mapping} gone (was 2.1 MB)`,
    ])
      assert.ok(row.tooltip.split('\n').includes(line), `${line} in:\n${row.tooltip}`);
    if (process.env.BUILD_SERVICE_SCREENSHOTS) {
      // For the picture: Current Branch's line in full; then the layout as it was (later suites measure it).
      for (let step = 0; step < 8; step++) await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
      await screenshot('current-branch-size.png');
      for (let step = 0; step < 8; step++) await vscode.commands.executeCommand('workbench.action.increaseViewWidth');
    }

    const feature = latestOf(fixture.service, COMPARE.feature);
    const base = fixture.service.data.builds.find((b) => b.repo_url === COMPARE_REPO && b.build_number === BASE_NUMBER);
    assert.ok(base);
    const asked = fixture.service.requestsTo(ARTIFACTS);
    assert.deepEqual(
      asked.map((r) => r.rawPath.split('/')[2]).sort(),
      [feature._id, feature._id, feature._id, base._id, base._id, base._id].sort(),
      'one request per artifact of the build and of its base',
    );
    assert.ok(
      // fetch appends its own `identity` to a ranged request's (the Fetch standard): "identity, identity" is still uncompressed.
      asked.every(
        (r) =>
          r.headers.range === 'bytes=0-0' &&
          String(r.headers['accept-encoding'])
            .split(',')
            .every((c) => c.trim() === 'identity'),
      ),
      `the first byte only, uncompressed: ${JSON.stringify(asked.map((r) => [r.rawPath, r.headers.range, r.headers['accept-encoding']]))}`,
    );
    const trickled = fixture.service.data.trickled;
    assert.equal(trickled.length, 2, 'the symbols of both builds');
    await sleep(300);
    for (const t of trickled)
      assert.ok(!t.complete && t.sent <= 8 * 1024, `${t.sent} bytes of ${SIZES.wholeBytes} sent, complete: ${t.complete}`);
  });

  it('the build details list each size; the second look sends no request', async () => {
    const feature = latestOf(fixture.service, COMPARE.feature);
    fixture.service.clearRequests();
    const rows = (await detailsOf(fixture.api, feature.app_id, feature._id)).map((n) => textOf(fixture.api, n));
    const size = (name: string) => rows.find((r) => r.label === `Download: ${name}`)?.description;
    assert.equal(size(SIZES.app), '43.1 MB');
    assert.equal(size(SIZES.renamed), '2.1 MB');
    assert.equal(size(SIZES.whole), 'unknown');
    assert.deepEqual(fixture.service.requestsTo(ARTIFACTS), [], 'known since Current Branch asked');
  });

  it('buildService.sizeIncrease marks the row, and one notice says so once per build', async () => {
    await setSetting('sizeIncrease', { percent: 2 });
    await waitForRow(fixture.api, `${FEATURE_LINE} · over the size limit (2%)`);
    const notice = await ui.waitForNotification('past the size limit');
    assert.equal(
      notice.message,
      `Zest Checkout iOS: ${FEATURE_LINE.replace(/ against.*/, '')} against main #${BASE_NUMBER}, past the size limit of 2%.`,
    );
    await ui.clearNotifications();
    await setSetting('sizeIncrease', { megabytes: 1 });
    await waitForRow(fixture.api, `${FEATURE_LINE} · over the size limit (1 MB)`);
    const later = await ui.notificationsAfter(1_500);
    assert.deepEqual(
      later.filter((n) => n.message.includes('past the size limit')),
      [],
      'no second notice for the same build',
    );
    await setSetting('sizeIncrease', { percent: 5 });
    await waitFor(
      () => branchRows(fixture.api).some((r) => r.description.includes(FEATURE_LINE) && !r.description.includes('over the size limit')),
      'no mark under a 5% limit',
    );
  });

  it('the chat tool answers each artifact against the base, as data', async () => {
    const tool = testing(fixture.api).chatTools['buildService_sizeAgainstBase'];
    assert.ok(tool);
    const result = await tool.invoke({ input: {}, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    const text = (result?.content ?? []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    const lines = text.split('\n');
    assert.match(lines[0] ?? '', /^Data from the build service/);
    assert.deepEqual(lines.slice(1), [
      `Zest Checkout iOS, build #14, against main #${BASE_NUMBER}:`,
      `- ${SIZES.app}: 43050000 bytes (43.1 MB), +1.4 MB (+3.4%)`,
      `- ${SIZES.renamed}: 2140000 bytes (2.1 MB), new (no artifact of this name in the base build)`,
      `- ${SIZES.whole}: size unknown`,
      `- ${SIZES.mapping}: only in the base build, 2130000 bytes (2.1 MB)`,
    ]);
  });

  it("a pull request's build is compared with its destination, release/2.0", async () => {
    git(repo, 'checkout', '-q', '-B', COMPARE.pullRequest);
    await waitForBranchState(
      fixture.api,
      (s) => s.kind === 'builds' && s.branch === COMPARE.pullRequest,
      `builds of ${COMPARE.pullRequest}`,
    );
    await waitForRow(fixture.api, `Zest.apk 39.5 MB, +500.0 KB (+1.3%) against ${COMPARE.pullRequestInto} #${COMPARE.releaseNumber}`);
  });

  it('an artifact server that fails is asked once in a window, not again at each focus change; its size reads unknown', async function () {
    this.timeout(60_000);
    fixture.service.setFault(ARTIFACTS, { status: 500 });
    try {
      git(repo, 'checkout', '-q', '-B', COMPARE.orphan);
      await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === COMPARE.orphan, `builds of ${COMPARE.orphan}`);
      await vscode.commands.executeCommand('buildService.currentBranch.focus');
      await waitForRow(fixture.api, `${SIZES.app}: size unknown`);
      await sleep(500);
      const asked = fixture.service.requestsTo(ARTIFACTS).filter((r) => r.rawPath.includes(latestOf(fixture.service, COMPARE.orphan)._id));
      assert.equal(asked.length, 3, 'its three artifacts, once');
      for (let i = 0; i < 2; i++) {
        await ui.blurWindow();
        await ui.focusWindow();
      }
      await sleep(500);
      const again = fixture.service.requestsTo(ARTIFACTS).filter((r) => r.rawPath.includes(latestOf(fixture.service, COMPARE.orphan)._id));
      assert.equal(again.length, 3, 'not asked again');
    } finally {
      fixture.service.clearFaults();
      await ui.focusWindow();
    }
  });

  it("Build History draws the app's size over the builds and lists it in the table; shown again, it asks nothing", async function () {
    this.timeout(60_000);
    const feature = latestOf(fixture.service, COMPARE.feature);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const panel = testing(fixture.api).historyPanel;
    await vscode.commands.executeCommand('buildService.showBuildHistory', await appNode(fixture.api, feature.app_id));
    await waitFor(() => (panel.shown?.sizes.get(feature._id) ?? []).some((a) => a.size === 43_050_000), 'the sizes drawn', 20_000);
    let legend = '';
    await waitFor(
      async () => (legend = (await ui.texts(`${PAGE} .u-legend .u-label`).catch(() => [])).join(' | ')).includes('App size (MB)'),
      () => `the size line in the legend: ${legend}`,
      20_000,
    );
    await screenshot('history-size.png');
    // The page is drawn again when the last sizes arrive (as a chart): the table is asked for until it shows them.
    let rows: string[] = [];
    const cells = (n: number) => rows.find((row) => row.startsWith(`#${n}\t`))?.split('\t') ?? [];
    await waitFor(
      async () => {
        if ((await ui.texts(`${PAGE} #toggle`).catch(() => []))[0] === 'Show as Table') await ui.click(`${PAGE} #toggle`, 'Show as Table');
        rows = await ui.texts(`${PAGE} #table-view tbody tr`).catch(() => []);
        return cells(16).at(-1) !== undefined && cells(16).at(-1) !== '';
      },
      () => `the table with every size: ${rows.join(' | ')}`,
      20_000,
    );
    assert.equal(cells(14).at(-1), '43.1 MB');
    assert.equal(cells(2).at(-1), '40.0 MB');
    assert.equal(cells(BASE_NUMBER).at(-1), '41.7 MB');

    await waitFor(
      () => [...(panel.shown?.sizes.values() ?? [])].every((artifacts) => artifacts.every((a) => a.size !== undefined)),
      'every size of the chart known',
      20_000,
    );
    // Kept for good: the app's 16 builds in the account's store.
    const stored = () =>
      testing(fixture.api).globalState.get<{ builds: unknown[] }>(`buildService.artifactSizes ${fixture.service.baseUrl}`);
    await waitFor(
      () => stored()?.builds.length === 16,
      () => `16 builds kept, not ${stored()?.builds.length}`,
    );
    fixture.service.clearRequests();
    await vscode.commands.executeCommand('buildService.showBuildHistory', await appNode(fixture.api, feature.app_id));
    await waitFor(() => (panel.shown?.sizes.get(feature._id) ?? []).some((a) => a.size === 43_050_000), 'drawn again with its sizes');
    await sleep(500);
    assert.deepEqual(
      fixture.service.requestsTo(ARTIFACTS).map((r) => `${r.rawPath} ${r.status}`),
      [],
      'every size was known',
    );
  });

  it('Sign Out drops the sizes kept for the account', async () => {
    const { globalState } = testing(fixture.api);
    const key = `buildService.artifactSizes ${fixture.service.baseUrl}`;
    assert.ok(globalState.get(key), 'sizes kept before');
    await vscode.commands.executeCommand('buildService.signOut', fixture.service.baseUrl);
    await waitFor(() => globalState.get(key) === undefined, 'the sizes forgotten');
  });
});

describe('branch: artifact sizes from an https:// service', function () {
  this.timeout(60_000);
  let api: BuildServiceExports;
  let ca: TestCa;
  let secure: RunningService;
  const savedExtraCa = process.env.NODE_EXTRA_CA_CERTS;

  before(async function () {
    api = await extensionApi();
    if (!ui.uiProbeAvailable()) this.skip();
    ca = createTestCa();
    process.env.NODE_EXTRA_CA_CERTS = ca.certFile;
    secure = await startService({ tls: ca.issue(['127.0.0.1']) });
    await applySettings({ baseUrl: secure.baseUrl, autoRefresh: false });
    await storeToken(api, secure.token);
    await waitForApps(api);
  });
  after(async () => {
    await storeToken(api, undefined);
    await resetSettings();
    if (savedExtraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = savedExtraCa;
    await secure?.close();
  });

  it('an http:// link is never asked: its size reads unknown, the https:// ones are known', async () => {
    const cdn = await startArtifactHost();
    try {
      const build = secure.data.builds
        .filter((b) => b.app_id === IOS_2048 && b.build_status === 'success')
        .sort((a, b) => b.build_number - a.build_number)[0];
      assert.ok(build);
      build.links.download = [...build.links.download, { name: 'plain.ipa', url: cdn.url('plain.ipa', 100_000) }];
      await api.apps.refresh();
      const rows = (await detailsOf(api, IOS_2048, build._id)).map((n) => textOf(api, n));
      assert.equal(rows.find((r) => r.label === 'Download: plain.ipa')?.description, 'unknown');
      const release = build.links.download[0];
      assert.ok(release && release.url.startsWith('https://'));
      assert.match(rows.find((r) => r.label === `Download: ${release.name}`)?.description ?? '', /^\d+\.\d (KB|MB)$/);
      assert.equal(cdn.requests.length, 0, 'the http:// address was never asked');
    } finally {
      await cdn.close();
    }
  });
});
