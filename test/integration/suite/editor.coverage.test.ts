// A build's coverage in VS Code's Test Coverage view, the Explorer and the editor: the current branch's
// latest finished build by default, any build on request, files matched to the workspace's sources
// (seeded by the test host from test/service/testSources.ts) by path suffix, functions at their line.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { parseBuild } from '../../../src/api/parsing/parseBuild';
import type { ShownCoverageFile } from '../../../src/views/testing/coverageView';
import { APP_SOURCES, CI_CLONE } from '../../service/appSources';
import type { FileCoverage as WireFile } from '../../service/data';
import type { Build as WireBuild, RunningService } from '../../service/server';
import { checkOut, testRepository, waitForBranchState } from '../currentBranch';
import { testing, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

type Api = Parameters<typeof testing>[0];

const OTHER_BRANCH = 'feature/old-ui';

function shownBuildId(api: Api): string | undefined {
  return testing(api).coverage.view?.shown?.build.id;
}

function wireFiles(service: RunningService, buildId: string): WireFile[] {
  return (service.data.coverage.get(buildId) ?? []).flatMap((target) => target.files);
}

/** The workspace path a reported file belongs at; undefined for a file a checkout does not have. */
function relativeOf(file: WireFile): string | undefined {
  const all = [...APP_SOURCES.ios, ...APP_SOURCES.android].flatMap((t) => t.files);
  const source = all.find((s) => file.path === `${CI_CLONE.ios}/${s.path}` || file.path === `${CI_CLONE.android}/${s.path}`);
  return source && !source.generated ? source.path : undefined;
}

/** VS Code's default figure ("totalCoverage"): lines and functions together, as the view and the Explorer print it. */
function shownPercent(file: WireFile, decimals: number): string {
  const ran = file.functions.filter((f) => f.covered_lines > 0).length;
  const value = (file.covered_lines + ran) / (file.executable_lines + file.functions.length);
  const text = (value * 100).toFixed(decimals);
  return value < 1 - 1e-7 && text === '100' ? `${100 - 10 ** -decimals}%` : `${text}%`;
}

function declarationLine(relative: string, fn: string): number {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const keyword = relative.endsWith('.swift') ? 'func' : 'fun';
  return readFileSync(`${folder}/${relative}`, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(`${keyword} ${fn}(`));
}

/** The build the extension shows for `branch`: the same choice as the Testing view's. */
async function waitForBranchCoverage(api: Api, branch: string, what: string): Promise<string> {
  await waitFor(() => {
    const shown = testing(api).coverage.view?.shown?.build;
    return shown?.commit.branch === branch && shown.id === testing(api).tests.view?.shown?.build.id;
  }, what);
  return shownBuildId(api)!;
}

function assertShownAsReported(service: RunningService, api: Api, buildId: string): void {
  const shown = testing(api).coverage.view?.shown;
  assert.ok(shown);
  assert.equal(shown.build.id, buildId);
  const expected = wireFiles(service, buildId).filter((f) => relativeOf(f) !== undefined);
  assert.ok(expected.length >= 5, 'the build reports coverage of the seeded sources');
  assert.deepEqual(shown.files.map((f) => vscode.workspace.asRelativePath(f.uri)).sort(), expected.map((f) => relativeOf(f)).sort());
  for (const file of expected) {
    const entry: ShownCoverageFile | undefined = shown.files.find((f) => f.uri.path.endsWith(`/${relativeOf(file)}`));
    assert.ok(entry, file.path);
    assert.deepEqual(
      [entry.coverage.statementCoverage.covered, entry.coverage.statementCoverage.total],
      [file.covered_lines, file.executable_lines],
      file.path,
    );
    const ran = file.functions.filter((f) => f.covered_lines > 0).length;
    assert.deepEqual(
      [entry.coverage.declarationCoverage?.covered, entry.coverage.declarationCoverage?.total],
      [ran, file.functions.length],
    );
  }
}

describe('editor: a build’s coverage in the Test Coverage view', () => {
  const fixture = useReferenceService({ token: true, checkout: 'develop', onlyIf: ui.uiProbeAvailable });

  it("shows the current branch's latest finished build by itself: each covered workspace file with the service's line counts, one search", async () => {
    const buildId = await waitForBranchCoverage(fixture.api, 'develop', "develop's latest finished build in the coverage view");
    assertShownAsReported(fixture.service, fixture.api, buildId);
    const requests = fixture.service.requestsTo('GET /builds/:build_id/coverage', buildId);
    assert.ok(requests.some((r) => r.query.showFileCoverage === 'true' && r.query.showFunctionCoverage === 'true'));
    // A file the CI machine built but a checkout does not have is named in the log, not shown.
    const generated = wireFiles(fixture.service, buildId).filter((f) => relativeOf(f) === undefined);
    for (const file of generated)
      await waitForLog(fixture.api, new RegExp(`not in the workspace, not shown: .*${file.path.replace(/[.]/g, '\\.')}`));
    // Showing the same build again searches nothing new.
    const { coverage } = testing(fixture.api);
    const searches = coverage.locator.searches;
    const build = parseBuild(JSON.parse(JSON.stringify(fixture.service.data.builds.find((b) => b._id === buildId))) as unknown);
    await coverage.show(build, 'again');
    assert.equal(coverage.locator.searches, searches);
  });

  it('the Test Coverage view lists the files with their percentage, a file expands to its functions, and a function opens at its line', async () => {
    const buildId = await waitForBranchCoverage(fixture.api, 'develop', 'the coverage shown');
    await vscode.commands.executeCommand('workbench.view.testCoverage.focus');
    const files = wireFiles(fixture.service, buildId).filter((f) => relativeOf(f) !== undefined);
    const rows = () => ui.texts('.test-coverage-list-item');
    await waitFor(
      async () => {
        const texts = await rows();
        return files.every((f) => texts.some((t) => t.includes(f.name) && t.includes(shownPercent(f, 2))));
      },
      `every file with its percentage in the Test Coverage view (${files.map((f) => `${f.name} ${shownPercent(f, 2)}`).join(', ')})`,
    );

    const file = files[0];
    const relative = relativeOf(file)!;
    await ui.click('.test-coverage-list-item', file.name);
    await ui.pressKey('ArrowRight');
    const fn = file.functions[1];
    await waitFor(async () => (await rows()).some((t) => t.includes(fn.name)), `${fn.name} listed under ${file.name}`);
    await ui.click('.test-coverage-list-item', fn.name);
    const name = fn.name.replace(/\(\)$/, '').split('.').pop()!;
    await waitFor(
      () => vscode.window.activeTextEditor?.document.uri.path.endsWith(`/${relative}`) === true,
      `${relative} open in the editor`,
    );
    await waitFor(
      () => vscode.window.activeTextEditor?.selection.active.line === declarationLine(relative, name),
      `the cursor at ${fn.name}'s declaration (line ${declarationLine(relative, name)})`,
    );
    // The same, as the extension hands it to VS Code.
    const entry = testing(fixture.api).coverage.view?.shown?.files.find((f) => f.uri.path.endsWith(`/${relative}`));
    assert.ok(entry);
    const details = await testing(fixture.api).coverage.details(entry.uri, entry.report);
    const declarations = details.filter((d) => d instanceof vscode.DeclarationCoverage);
    // Each declaration's line is marked in the editor as run or not (the report has no lines of its own).
    assert.deepEqual(
      details.filter((d) => d instanceof vscode.StatementCoverage).map((d) => [(d.location as vscode.Range).start.line, d.executed]),
      declarations.map((d) => [(d.location as vscode.Range).start.line, d.executed]),
    );
    assert.deepEqual(
      declarations.map((d) => [d.name, (d.location as vscode.Range).start.line, d.executed]),
      file.functions.map((f) => [f.name, declarationLine(relative, f.name.replace(/\(\)$/, '').split('.').pop()!), f.covered_lines > 0]),
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("the Explorer shows a covered file's percentage", async () => {
    const buildId = await waitForBranchCoverage(fixture.api, 'develop', 'the coverage shown');
    const file = wireFiles(fixture.service, buildId).find((f) => relativeOf(f) !== undefined)!;
    const folder = vscode.workspace.workspaceFolders![0].uri;
    await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.joinPath(folder, relativeOf(file)!));
    await waitFor(
      async () => {
        const texts = await ui.texts('.explorer-folders-view .monaco-list-row');
        return texts.some((t) => t.includes(file.name) && t.includes(shownPercent(file, 0)));
      },
      `${file.name} with ${shownPercent(file, 0)} in the Explorer`,
    );
  });

  it('a branch switch replaces the coverage with that branch’s build; a branch without builds clears it; Show Coverage picks any build, or the branch’s latest', async () => {
    const develop = await waitForBranchCoverage(fixture.api, 'develop', "develop's coverage");
    const dir = await testRepository();
    try {
      // A branch whose latest build (of 2048 iOS; 2048 Android has none) finished with coverage.
      await checkOut(fixture.api, dir, '-B', OTHER_BRANCH);
      await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === OTHER_BRANCH, `${OTHER_BRANCH} in Current Branch`);
      const other = await waitForBranchCoverage(fixture.api, OTHER_BRANCH, `${OTHER_BRANCH}'s latest finished build in the coverage view`);
      assert.notEqual(other, develop);
      assert.equal(fixture.service.data.builds.find((b) => b._id === other)?.commit_info.branch, OTHER_BRANCH);
      assertShownAsReported(fixture.service, fixture.api, other);

      await checkOut(fixture.api, dir, '-B', 'no-builds-yet');
      await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'no-builds-yet', 'the branch without builds');
      await waitFor(() => shownBuildId(fixture.api) === undefined, 'the coverage cleared');
    } finally {
      await checkOut(fixture.api, dir, 'develop');
    }
    await waitForBranchCoverage(fixture.api, 'develop', "develop's coverage again");

    const older = fixture.service.data.builds.find(
      (b: WireBuild) =>
        b.finished && b._id !== develop && wireFiles(fixture.service, b._id).length > 0 && b.commit_info.branch === 'develop',
    );
    assert.ok(older);
    await vscode.commands.executeCommand('buildService.showCoverage', parseBuild(JSON.parse(JSON.stringify(older)) as unknown));
    assert.equal(shownBuildId(fixture.api), older._id);
    assertShownAsReported(fixture.service, fixture.api, older._id);
    // From the palette (no build given): the current branch's latest finished build again.
    await vscode.commands.executeCommand('buildService.showCoverage');
    assert.equal(shownBuildId(fixture.api), develop);
    // A finished build that ran no tests has no report: it says so.
    const untested = fixture.service.data.builds.find(
      (b) => b.finished && b.build_status !== 'cancelled' && !fixture.service.data.coverage.has(b._id),
    );
    assert.ok(untested);
    await vscode.commands.executeCommand('buildService.showCoverage', parseBuild(JSON.parse(JSON.stringify(untested)) as unknown));
    await ui.waitForNotification(`Build #${untested.build_number} has no coverage report.`);
  });

  it('another service address clears the coverage', async () => {
    await waitFor(() => shownBuildId(fixture.api) !== undefined, 'a build’s coverage shown');
    await setSetting('baseUrl', 'http://127.0.0.1:9/v1');
    await waitFor(() => shownBuildId(fixture.api) === undefined, 'the coverage cleared');
    await setSetting('baseUrl', fixture.service.baseUrl);
  });
});
