// A multi-root workspace with two Git repositories that different apps build: Current Branch shows a
// section for each, and the status bar follows the repository of the active editor.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FIND_REPLACE } from '../../service/seedCatalog';
import {
  addWorkspaceRepository,
  sectionsWithBuilds,
  git,
  removeWorkspaceRepository,
  secondRepository,
  testRepository,
} from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { waitFor } from '../wait';

/** Three seeded apps build it (two on iOS, one on Android), none of the 2048 ones. */
const WEATHER_REPO = 'https://github.com/myorg/weather.git';

describe('current branch: a workspace with two repositories', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false } });
  let first: string | undefined;
  let second: string | undefined;

  after(async () => {
    await removeWorkspaceRepository(second);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (first) rmSync(path.join(first, 'first.txt'), { force: true });
  });

  it('shows each repository with its branch and apps; the status bar is about the active editor', async () => {
    first = await testRepository((dir) => git(dir, 'checkout', '-q', 'master'));
    writeFileSync(path.join(first, 'first.txt'), 'first\n');
    second = secondRepository('weather-', FIND_REPLACE, WEATHER_REPO);

    const { model, tree, statusBar } = testing(fixture.api).branch;
    await waitFor(() => model.state.kind === 'builds' && model.state.branch === 'master', 'the builds of master');
    fixture.service.clearRequests();
    await addWorkspaceRepository(fixture.api, second);

    const secondRoot = vscode.Uri.file(second).toString();
    const [one, two] = await sectionsWithBuilds(fixture.api, 2);
    assert.equal(two.root, secondRoot, 'the first folder first');
    assert.ok(one.state.kind === 'builds' && two.state.kind === 'builds');
    assert.equal(one.state.branch, 'master');
    assert.equal(two.state.branch, FIND_REPLACE);
    const data = fixture.service.data;
    const appsOf = (repo: RegExp) => data.apps.filter((a) => data.builds.some((b) => b.app_id === a._id && repo.test(b.repo_url ?? '')));
    assert.deepEqual(
      one.state.entries.map((e) => e.app.id).sort(),
      appsOf(/myorg\/2048/)
        .map((a) => a._id)
        .sort(),
    );
    assert.deepEqual(
      two.state.entries.map((e) => e.app.id).sort(),
      appsOf(/myorg\/weather/)
        .map((a) => a._id)
        .sort(),
    );
    assert.equal(two.state.entries.length, 3);
    // The app list and which repository each app builds are known from the first: only the three apps that match are asked.
    assert.deepEqual(
      fixture.service.requests.map((r) => `${r.route} ${r.query.branch}`),
      Array<string>(3).fill(`GET /apps/:app_id/build/latest ${FIND_REPLACE}`),
    );

    // The view: a section per repository, named, with its branch, holding its apps' latest builds.
    const sections = tree.getChildren();
    const sectionItems = sections.map((n) => tree.getTreeItem(n));
    assert.deepEqual(
      sectionItems.map((i) => [i.label, i.description]),
      [
        [path.basename(first), 'master'],
        [path.basename(second), FIND_REPLACE],
      ],
    );
    assert.equal(sectionItems[1].accessibilityInformation?.label, `Repository ${path.basename(second)}, branch ${FIND_REPLACE}`);
    const labels = (node: (typeof sections)[number]) => tree.getChildren(node).map((n) => tree.getTreeItem(n).label as string);
    assert.deepEqual(labels(sections[0]).sort(), ['2048 Android App', '2048 iOS App']);
    assert.deepEqual(
      labels(sections[1]).sort(),
      appsOf(/myorg\/weather/)
        .map((a) => a.app_name)
        .sort(),
    );

    // The status bar names the branch of the active editor's repository.
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(second, 'second.txt')));
    await waitFor(
      () => statusBar.shown?.text.endsWith(FIND_REPLACE) === true,
      `the status bar on ${FIND_REPLACE} (shown: ${statusBar.shown?.text})`,
    );
    assert.match(statusBar.shown?.tooltip ?? '', new RegExp(`^Repository ${path.basename(second)}\n`));
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(first, 'first.txt')));
    await waitFor(() => statusBar.shown?.text.endsWith(' master') === true, `the status bar on master (shown: ${statusBar.shown?.text})`);
    assert.match(statusBar.shown?.tooltip ?? '', new RegExp(`^Repository ${path.basename(first)}\n`));
    // The click on it reveals a build of the active repository.
    const revealed = tree.nodeOf();
    assert.ok(revealed?.parent && revealed.parent.root !== secondRoot);
  });
});
