// One build, drawn by every part of the extension that shows it: the Apps view, the Current Branch
// view and the status bar must agree on its state icon and colour, its number, its commit and its
// message line. (The cancel question and the completion notice are compared with the tree's words in
// builds.actions and builds.trigger.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { waitFor } from '../wait';

describe('a build reads the same everywhere', () => {
  const fixture = useReferenceService({
    token: true,
    checkout: 'develop',
    settings: { autoRefresh: false, buildsPerApp: 100 },
    waitForApps: true,
  });

  it('Apps view, Current Branch view and status bar: same icon and colour, number, hash and message line', async () => {
    const { api } = fixture;
    const state = await waitForBranchState(api, (s) => s.kind === 'builds' && s.branch === 'develop', 'builds of develop');
    assert.ok(state.kind === 'builds');
    const build = state.entries.find((e) => e.app.id === IOS_2048)?.held?.build;
    assert.ok(build, 'the iOS app has a develop build');

    const { tree, statusBar, model } = testing(api).branch;
    const account = model.activeAccount;
    assert.ok(account);
    const branchNode = tree.nodeOf({ account, build });
    assert.ok(branchNode);
    const branchItem = tree.getTreeItem(branchNode);
    const appsNode = (await api.apps.getChildren(await appNode(api, IOS_2048))).find((n) => n.kind === 'build' && n.build.id === build.id);
    assert.ok(appsNode, 'the same build is listed under its app');
    const appsItem = api.apps.getTreeItem(appsNode);
    const appsText = textOf(api, appsNode);

    const icon = (item: vscode.TreeItem) => {
      assert.ok(item.iconPath instanceof vscode.ThemeIcon);
      return `${item.iconPath.id} ${item.iconPath.color instanceof vscode.ThemeColor ? item.iconPath.color.id : 'no colour'}`;
    };
    assert.equal(icon(branchItem), icon(appsItem));
    assert.ok(
      String(branchItem.description).startsWith(`${appsText.label} `),
      `"${String(branchItem.description)}" names ${appsText.label}`,
    );

    // The tooltips differ only in their first line, which names the app where the view does not; Current
    // Branch adds its notes (the comparison with the base, once it is known) after the build's own lines.
    const branchTip = (typeof branchItem.tooltip === 'string' ? branchItem.tooltip : '').split('\n');
    const appsTip = appsText.tooltip.split('\n');
    assert.deepEqual(branchTip.slice(1, appsTip.length), appsTip.slice(1));
    assert.equal(branchTip[0], `2048 iOS App: ${appsTip[0]?.replace(/^Build/, 'build')}`);
    assert.ok(
      appsTip.some((line) => /^Commit: [0-9a-f]{7}( by .+)?$/.test(line)),
      appsText.tooltip,
    );

    const iconId = (appsItem.iconPath as vscode.ThemeIcon).id;
    assert.ok(statusBar.shown?.text.includes(`$(${iconId}) ${appsText.label}`), statusBar.shown?.text);
    assert.ok(statusBar.shown?.tooltip.includes(`2048 iOS App: ${branchTip[0]?.split(': ')[1]}`), statusBar.shown?.tooltip);
  });

  it("one copy: the Apps view's refresh writes a build's new state, and Current Branch and the status bar show it without asking", async () => {
    const { api } = fixture;
    const { tracker, statusBar, model, tree } = testing(api).branch;
    const state = await waitForBranchState(api, (s) => s.kind === 'builds' && s.branch === 'develop', 'builds of develop');
    assert.ok(state.kind === 'builds');
    const build = state.entries.find((e) => e.app.id === IOS_2048)?.held?.build;
    assert.ok(build?.finished, 'a finished develop build of the iOS app');
    const account = model.activeAccount;
    assert.ok(account);
    assert.equal(build, tracker.get(account, build.id), "Current Branch's row reads the tracker's copy");
    // Listed under its expanded app too.
    const app = await appNode(api, IOS_2048);
    assert.ok((await api.apps.getChildren(app)).some((n) => n.kind === 'build' && n.build.id === build.id));

    // The service now reports it otherwise (a rerun of its checks, say); the Apps view's refresh lists it.
    const wire = fixture.service.data.builds.find((b) => b._id === build.id);
    assert.ok(wire);
    const before = wire.build_status;
    wire.build_status = before === 'failed' ? 'success' : 'failed';
    const now = wire.build_status === 'failed' ? 'failed' : 'succeeded';
    try {
      fixture.service.clearRequests();
      await vscode.commands.executeCommand('buildService.refresh');
      await waitFor(() => tracker.get(account, build.id)?.status === wire.build_status, 'the new state in the tracker');
      const row = tree.nodeOf({ account, build });
      assert.ok(row && (tree.getTreeItem(row).description as string).includes(now), 'the Current Branch row');
      assert.ok(statusBar.shown?.tooltip.includes(now), statusBar.shown?.tooltip);
      const appsRow = (await api.apps.getChildren(app)).find((n) => n.kind === 'build' && n.build.id === build.id);
      assert.ok(appsRow && textOf(api, appsRow).tooltip.includes(now), 'the Apps view row');
      // Current Branch loaded nothing again (the Testing view may follow a build that now failed). A latest
      // build without a branch is the first window's rest, asking which repository each app builds.
      const branchLatest = fixture.service.requestsTo('GET /apps/:app_id/build/latest').filter((r) => r.query.branch !== undefined);
      assert.deepEqual(branchLatest, [], 'no latest build of the branch asked again');
    } finally {
      wire.build_status = before;
      await vscode.commands.executeCommand('buildService.refresh');
    }
  });
});
