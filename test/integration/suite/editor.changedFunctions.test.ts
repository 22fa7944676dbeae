// "Before I push: is what I changed tested?": feature/merger changes three functions of Merger.swift since
// its merge base with base/merger; the coverage of its build #201 says one of them ran. The list names the
// two no test ran, one opens where it is declared, and Current Branch says "1 of 3"; at most one coverage
// request (test/service/seedChangedFunctions.ts). With BUILD_SERVICE_SCREENSHOTS=<folder> it saves changed-functions.png
// (the README's): Current Branch's line, the list and the editor's marks.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { addChangedFunctionsBuild, MERGER } from '../../service/seedChangedFunctions';
import { askTool } from '../chatTools';
import { testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { commitMerger, removeMerger } from '../changedFunctions';
import { useReferenceService } from '../harness';
import { screenshot } from '../screenshots';
import * as ui from '../ui';
import { waitFor } from '../wait';

function merger(changed: boolean): string {
  const body = (fn: string) => (changed && fn !== 'score' ? `        moves += 2 // ${fn} changed\n` : '        moves += 1\n');
  return `final class Merger {\n    var moves = 0\n${MERGER.functions.map((fn) => `    func ${fn}() {\n${body(fn)}    }\n`).join('')}}\n`;
}

describe('editor: changed functions no test ran', () => {
  let repo = '';
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, settings: { baseBranch: MERGER.base } });

  before(async () => {
    repo = await testRepository((dir) => {
      const build = addChangedFunctionsBuild(fixture.service.data);
      commitMerger(dir, build, merger);
    });
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === MERGER.branch, `builds of ${MERGER.branch}`);
  });

  after(() => removeMerger(repo));

  it('Current Branch says "changed functions run by tests: 1 of 3" once looked at, without the command, for one coverage request at most', async () => {
    const build = fixture.service.data.builds.find((b) => b.build_number === MERGER.buildNumber && b.commit_info.branch === MERGER.branch);
    assert.ok(build);
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    const { tree } = testing(fixture.api).branch;
    const descriptions = () => tree.getChildren().map((n) => String(tree.getTreeItem(n).description ?? ''));
    await waitFor(
      () => descriptions().some((d) => d.includes('changed functions run by tests: 1 of 3')),
      () => `Current Branch: ${descriptions().join(' | ')}`,
      15_000,
    );
    const coverage = fixture.service.requestsTo('GET /builds/:build_id/coverage', build._id);
    assert.ok(coverage.length <= 1, `${coverage.length} coverage requests (the coverage view's included)`);
  });

  it('"changed functions run by tests: 1 of 3"; the list names slide and spawn, changed since build #201; picking one opens it, the two marked; one coverage request at most', async () => {
    const build = fixture.service.data.builds.find((b) => b.build_number === MERGER.buildNumber && b.commit_info.branch === MERGER.branch);
    assert.ok(build);
    void vscode.commands.executeCommand('buildService.showUntestedChanges');
    const rows = () => ui.texts('.quick-input-list .monaco-list-row');
    // By their text: an earlier quick pick's rows may linger in the page, hidden.
    await waitFor(async () => (await rows()).some((r) => r.includes('slide')), 'the untested functions listed', 15_000);
    assert.equal((await rows()).length, 2, (await rows()).join(' | '));
    const [first, second] = await rows();
    assert.ok(first.includes('slide') && first.includes(`${MERGER.path}:6`), first);
    assert.ok(second.includes('spawn'), second);
    assert.ok(first.includes(`changed since build #${MERGER.buildNumber}`), first);
    const title = await ui.texts('.quick-input-titlebar');
    assert.ok(
      title.some((t) => t.includes('changed functions run by tests: 1 of 3')),
      JSON.stringify(title),
    );
    await ui.pressKey('Enter');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.path.endsWith(`/${MERGER.path}`) === true, 'Merger.swift open');
    assert.equal(vscode.window.activeTextEditor?.selection.start.line, 5, "at slide(), the file's sixth line");
    // The editor marks the two untested declarations (slide, spawn), not merge, which a test ran.
    assert.deepEqual(testing(fixture.api).changed.marks.linesOf(vscode.window.activeTextEditor.document.uri), [5, 8]);
    const coverage = fixture.service.requestsTo('GET /builds/:build_id/coverage', build._id);
    assert.ok(coverage.length <= 1, `${coverage.length} coverage requests (the coverage view's included)`);
    // Current Branch says it beside the build.
    const { tree } = testing(fixture.api).branch;
    await waitFor(
      () =>
        tree.getChildren().some((n) => String(tree.getTreeItem(n).description ?? '').includes('changed functions run by tests: 1 of 3')),
      () =>
        `Current Branch: ${tree
          .getChildren()
          .map((n) => String(tree.getTreeItem(n).description))
          .join(' | ')}`,
    );
    if (process.env.BUILD_SERVICE_SCREENSHOTS) {
      // For the picture: Current Branch's line in full, the list over the editor's marks (the list from the cache).
      await vscode.commands.executeCommand('buildService.currentBranch.focus');
      for (let step = 0; step < 6; step++) await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
      void vscode.commands.executeCommand('buildService.showUntestedChanges');
      await waitFor(async () => (await rows()).some((r) => r.includes('slide')), 'the list again');
      await screenshot('changed-functions.png');
      await ui.pressKey('Escape');
      // The layout as it was: later suites (Build History's resize) measure it.
      for (let step = 0; step < 6; step++) await vscode.commands.executeCommand('workbench.action.increaseViewWidth');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the chat tool gives the same answer, as data', async () => {
    const text = await askTool(fixture.api, 'buildService_changedNotTested');
    const lines = text.split('\n');
    assert.equal(lines[1], `changed functions run by tests: 1 of 3 (build #${MERGER.buildNumber})`, text);
    assert.equal(lines[2], 'Changed functions no test ran (2):', text);
    assert.match(lines[3] ?? '', new RegExp(`^- slide \\(.*${MERGER.path}:6\\), changed since build #${MERGER.buildNumber}$`));
    assert.match(lines[4] ?? '', /^- spawn /);
  });
});
