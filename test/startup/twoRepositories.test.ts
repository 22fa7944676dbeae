// A multi-root workspace of two Git repositories that different apps build: at window open, one app
// list for the account and each repository's branch builds; the status bar is about the first folder
// until an editor of the other repository is in front.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { beyondOpen } from './openRequests';
import { assertExplorerInFront, gitRepositories, requestsOfOpen, shownBuilds, waitForLatestInStatusBar } from './window';
import { windowOf } from './windows';

const startup = windowOf('twoRepositories');
const { repositories } = startup;

describe('startup: two repositories of different apps, a profile that opened a window on the service before', () => {
  let roots: { root: string; branch: string | undefined }[] = [];

  before(async () => {
    await assertExplorerInFront();
    roots = await gitRepositories(repositories.length);
    assert.deepEqual(roots.map((r) => r.branch).sort(), repositories.map((r) => r.branch).sort());
  });

  it("the status bar shows the first folder's builds, then the other's with its editor in front", async function () {
    this.timeout(90_000);
    const [first, second] = repositories;
    await waitForLatestInStatusBar(first);
    const other = roots.find((r) => r.branch === second.branch);
    assert.ok(other);
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(other.root, 'README.md')));
    await waitForLatestInStatusBar(second);
  });

  it('opening asked for one app list and each repository its branch builds, nothing more', async () => {
    const shown = await shownBuilds(startup);
    assert.deepEqual(beyondOpen(await requestsOfOpen(), startup, shown), []);
  });
});
