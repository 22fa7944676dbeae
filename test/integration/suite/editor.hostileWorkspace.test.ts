// A branch is not trusted: it commits ios/m2048/Evil.swift as a link to /dev/zero and Leak.swift as a link
// to a file outside the workspace. Changed functions reads neither (the old code read /dev/zero without end
// and counted the outside file's function); the list and Current Branch's tooltip say each was skipped, and
// the extension host keeps answering commands.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMPARE_REPO, REPO_2048 } from '../../service/seedCatalog';
import { addChangedFunctionsBuild, MERGER } from '../../service/seedChangedFunctions';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

const EVIL = 'ios/m2048/Evil.swift';
const LEAK = 'ios/m2048/Leak.swift';

describe('editor: a branch committing links to /dev/zero and out of the workspace', () => {
  let repo = '';
  let outside = '';
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, settings: { baseBranch: MERGER.base } });

  before(async () => {
    outside = mkdtempSync(path.join(tmpdir(), 'bs-outside-'));
    writeFileSync(path.join(outside, 'Secret.swift'), 'func leaked() {\n    secret += 1\n}\n');
    repo = await testRepository((dir) => {
      const build = addChangedFunctionsBuild(fixture.service.data);
      git(dir, 'remote', 'set-url', 'origin', COMPARE_REPO);
      git(dir, 'checkout', '-q', '-B', MERGER.base, 'master');
      mkdirSync(path.join(dir, 'ios/m2048'), { recursive: true });
      writeFileSync(path.join(dir, MERGER.path), 'final class Merger {\n    func merge() {\n        moves += 1\n    }\n}\n');
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '-m', 'Add the merger');
      build.commit_info.commit_sha = git(dir, 'rev-parse', 'HEAD').trim();
      git(dir, 'checkout', '-q', '-B', MERGER.branch);
      writeFileSync(path.join(dir, MERGER.path), 'final class Merger {\n    func merge() {\n        moves += 2\n    }\n}\n');
      symlinkSync('/dev/zero', path.join(dir, EVIL));
      symlinkSync(path.join(outside, 'Secret.swift'), path.join(dir, LEAK));
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '-m', 'Links');
    });
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === MERGER.branch, `builds of ${MERGER.branch}`);
  });

  after(() => {
    git(repo, 'checkout', '-q', '-f', 'master');
    git(repo, 'branch', '-q', '-D', MERGER.branch, MERGER.base);
    git(repo, 'remote', 'set-url', 'origin', REPO_2048);
    rmSync(outside, { recursive: true, force: true });
  });

  it('Current Branch counts only merge() ("1 of 1"), its tooltip names both links as not read; a command answers within 1 s', async () => {
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    const { tree } = testing(fixture.api).branch;
    const items = () => tree.getChildren().map((n) => tree.getTreeItem(n));
    await waitFor(
      () => items().some((i) => String(i.description ?? '').includes('changed functions run by tests: 1 of 1')),
      () =>
        `Current Branch: ${items()
          .map((i) => String(i.description ?? ''))
          .join(' | ')}`,
      15_000,
    );
    const tooltip = items()
      .map((i) => (typeof i.tooltip === 'string' ? i.tooltip : (i.tooltip?.value ?? '')))
      .join('\n');
    assert.ok(tooltip.includes(`${EVIL}: not a regular file, not read`), tooltip);
    assert.ok(tooltip.includes(`${LEAK}: a link that leaves the workspace folder, not read`), tooltip);
    const asked = Date.now();
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    assert.ok(Date.now() - asked < 1_000, `a command took ${Date.now() - asked} ms`);
  });

  it('Show Changed Functions No Test Ran lists the two files it did not read', async () => {
    void vscode.commands.executeCommand('buildService.showUntestedChanges');
    const rows = () => ui.texts('.quick-input-list .monaco-list-row');
    await waitFor(async () => (await rows()).some((r) => r.includes('not a regular file')), 'the skipped files listed', 15_000);
    const shown = (await rows()).join(' | ');
    assert.ok(shown.includes(`${EVIL}: not a regular file, not read`), shown);
    assert.ok(shown.includes(`${LEAK}: a link that leaves the workspace folder, not read`), shown);
    assert.ok(!shown.includes('leaked'), shown);
    await ui.pressKey('Escape');
  });
});
