// A multi-root workspace with two Git repositories that different apps build: Current Branch shows a
// section for each, and the status bar follows the repository of the active editor.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FIND_REPLACE, WEATHER_REPO } from '../../service/seedCatalog';
import { addWorkspaceRepository, removeTwoRepositories, sectionsWithBuilds, twoRepositories, type TwoRepositories } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { waitFor } from '../wait';

const LATEST = 'GET /apps/:app_id/build/latest';

describe('current branch: a workspace with two repositories', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false } });
  let repositories: TwoRepositories | undefined;

  after(() => removeTwoRepositories(repositories));

  it('shows each repository with its branch and apps; the status bar is about the active editor', async () => {
    repositories = await twoRepositories('weather-', FIND_REPLACE, WEATHER_REPO);
    const { first, second } = repositories;

    const { model, tree, statusBar } = testing(fixture.api).branch;
    await waitFor(() => model.state.kind === 'builds' && model.state.branch === 'master', 'the builds of master');
    const askedForFirst = fixture.service.requests.filter((r) => r.route === LATEST && r.query.branch === undefined).map((r) => r.rawPath);
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
    // The app list comes from the first; of the second's apps, only the three that match are asked for
    // their branch. The apps the first window had not asked yet which repository they build (its rest,
    // one at a time behind its status bar: services/branch/repoMap.ts) may still be answering: each once.
    const requests = fixture.service.requests;
    assert.deepEqual(
      requests.filter((r) => r.query.branch !== undefined).map((r) => `${r.route} ${r.query.branch}`),
      Array<string>(3).fill(`${LATEST} ${FIND_REPLACE}`),
    );
    const rest = requests.filter((r) => r.query.branch === undefined);
    assert.deepEqual(
      rest.filter((r) => r.route !== LATEST || askedForFirst.includes(r.rawPath)).map((r) => r.rawUrl),
      [],
      'nothing else, and no app asked again',
    );
    assert.equal(new Set(rest.map((r) => r.rawPath)).size, rest.length, 'no app asked twice');

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
