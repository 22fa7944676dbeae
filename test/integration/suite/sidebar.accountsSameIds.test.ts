// Two accounts whose services use the same app and build ids (a staging copy of production's data):
// each account's builds, tree items, filters and followed builds stay its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { startService, type RunningService } from '../../service/server';
import { ANDROID_2048, IOS_2048 } from '../../service/seedCatalog';
import { textOf } from '../appsView';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

const COPY_TOKEN = 'copy-token-7d1e20';

type AppNode = Extract<AppsTreeNode, { kind: 'app' }>;
type BuildNode = Extract<AppsTreeNode, { kind: 'build' }>;

describe('accounts: two services with the same ids', () => {
  // Following builds is for focused windows only; the filter's quick picks are answered through the UI probe.
  const fixture = useReferenceService({
    onlyIf: () => ui.uiProbeAvailable() && vscode.window.state.focused,
    token: true,
    openView: true,
    waitForApps: true,
  });
  let copy: RunningService;

  before(async () => {
    copy = await startService({ token: COPY_TOKEN }); // the same seed: the same ids
    await testing(fixture.api).accounts.signIn(copy.baseUrl, 'Copy', COPY_TOKEN);
  });

  after(async () => {
    const { accounts } = testing(fixture.api);
    for (const account of accounts.all()) if (!account.fromSettings) await accounts.signOut(account.id);
    await copy?.close();
  });

  /** The app under the account at `index` in the Apps view (the settings' account first). */
  async function appUnder(index: number, appId: string): Promise<AppNode> {
    let found: AppNode | undefined;
    await waitFor(async () => {
      const account = (await fixture.api.apps.getChildren()).filter((n) => n.kind === 'account')[index];
      found = account?.children.find((n): n is AppNode => n.kind === 'app' && n.app.id === appId);
      return found !== undefined;
    }, `app ${appId} under account ${index}`);
    assert.ok(found);
    return found;
  }

  const buildsOf = async (app: AppNode) => (await fixture.api.apps.getChildren(app)).filter((n): n is BuildNode => n.kind === 'build');

  it('the same app under each account lists its builds under each, as tree items of their own', async () => {
    const [mine, theirs] = [await appUnder(0, ANDROID_2048), await appUnder(1, ANDROID_2048)];
    const [ours, copied] = [await buildsOf(mine), await buildsOf(theirs)];
    assert.ok(ours.length > 0);
    assert.deepEqual(
      copied.map((n) => n.build.id),
      ours.map((n) => n.build.id),
      'the same build ids',
    );
    const ids = [mine, theirs, ...ours, ...copied].map((n) => fixture.api.apps.getTreeItem(n).id);
    assert.equal(new Set(ids).size, ids.length, `VS Code refuses two tree items of one id: ${ids.join(', ')}`);
  });

  it("a filter on one account's app leaves the same app of the other account as it was", async () => {
    const [mine, theirs] = [await appUnder(0, ANDROID_2048), await appUnder(1, ANDROID_2048)];
    const done = vscode.commands.executeCommand('buildService.filterBuilds', mine);
    await ui.pick('Any branch');
    await ui.pick('success');
    await done;
    try {
      assert.match(textOf(fixture.api, mine).description, /success/);
      assert.doesNotMatch(textOf(fixture.api, theirs).description, /success/);
      assert.ok((await buildsOf(mine)).every((n) => n.build.status === 'success'));
      assert.ok(
        (await buildsOf(theirs)).some((n) => n.build.status !== 'success'),
        "the other account's builds, unfiltered",
      );
    } finally {
      await vscode.commands.executeCommand('buildService.clearFilter', mine);
    }
  });

  it('a build that finishes on one service is redrawn under its account only; the other keeps following its own', async () => {
    const poller = testing(fixture.api).tracker;
    const [mine, theirs] = [await appUnder(0, ANDROID_2048), await appUnder(1, ANDROID_2048)];
    const ours = (await buildsOf(mine)).find((n) => n.build.status === 'running');
    assert.ok(ours, 'the seeded running build');
    const copied = (await buildsOf(theirs)).find((n) => n.build.id === ours.build.id);
    assert.ok(copied);
    copy.finishBuild(copied.build.id, 'failed');
    await waitFor(() => copied.build.status === 'failed', "the copy's build seen failed", 10_000);
    assert.equal(ours.build.status, 'running', "this account's build of that id is still running");
    assert.ok(poller.isFollowing(ours.build.id), 'and still followed');
    fixture.service.finishBuild(ours.build.id, 'success');
    await waitFor(() => ours.build.status === 'success', "this account's build seen finished", 10_000);
    assert.equal(copied.build.status, 'failed');
  });

  it("Show Coverage of one build id under each account matches each report's own files to the workspace", async () => {
    const [mine, theirs] = [await appUnder(0, ANDROID_2048), await appUnder(1, ANDROID_2048)];
    const ours = (await buildsOf(mine)).find((n) => fixture.service.data.coverage.has(n.build.id));
    assert.ok(ours, 'a build of the Android app with coverage');
    const copied = (await buildsOf(theirs)).find((n) => n.build.id === ours.build.id);
    assert.ok(copied);
    // On the copy that id reports the iOS sources instead.
    const ios = copy.data.builds.find((b) => b.app_id === IOS_2048 && copy.data.coverage.has(b._id));
    assert.ok(ios, 'an iOS build with coverage');
    copy.data.coverage.set(copied.build.id, copy.data.coverage.get(ios._id) ?? []);
    const { coverage } = testing(fixture.api);
    const shownPaths = () => coverage.view?.shown?.files.map((f) => f.uri.path) ?? [];

    await vscode.commands.executeCommand('buildService.showCoverage', ours);
    assert.ok(shownPaths().length > 0 && shownPaths().every((p) => p.includes('/android/')), shownPaths().join(', '));
    await vscode.commands.executeCommand('buildService.showCoverage', copied);
    assert.ok(shownPaths().length > 0 && shownPaths().every((p) => p.includes('/ios/')), `the copy's files: ${shownPaths().join(', ')}`);
    await ui.clearNotifications();
  });
});
