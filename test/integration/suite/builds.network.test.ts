// Requests without waste: at most four at once, identical ones shared, and a refresh costs one
// request for the apps plus one per expanded app.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { concurrencyOf } from '../../service/concurrency';
import { IOS_2048 } from '../../service/seedCatalog';
import { openAppsView, reveal } from '../appsView';
import { useReferenceService } from '../harness';
import { sleep, waitFor } from '../wait';

describe('builds: requests without waste', () => {
  // No polling: only the requests under test.
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });

  it('8 apps expanded at once: every list is fetched, never more than 4 requests at the service at a time', async () => {
    const apps = (await fixture.api.apps.getChildren()).slice(0, 8);
    assert.equal(apps.length, 8);
    fixture.service.setFault('GET /apps/:app_id/builds', { delayBeforeHeadersMs: 400 });
    const meter = concurrencyOf(fixture.service.baseUrl);
    meter.reset();
    fixture.service.clearRequests();
    await Promise.all(apps.map((app) => fixture.api.apps.getChildren(app)));
    fixture.service.clearFaults();
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/builds').length, 8);
    assert.equal(meter.max, 4, `most at once: ${meter.max}`);
  });

  it('two identical requests at once share one', async () => {
    const app = (await fixture.api.apps.getChildren()).find((n) => n.kind === 'app' && n.app.id === IOS_2048);
    assert.ok(app);
    fixture.service.clearRequests();
    const [a, b] = await Promise.all([fixture.api.apps.getChildren(app), fixture.api.apps.getChildren(app)]);
    assert.equal(a.length, b.length);
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/builds').length, 1);

    fixture.service.clearRequests();
    await Promise.all([vscode.commands.executeCommand('buildService.refresh'), vscode.commands.executeCommand('buildService.refresh')]);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1, 'two refreshes at once: one GET /apps');
  });

  it('a refresh with 3 apps expanded in the view costs 1 + 3 requests', async () => {
    await openAppsView();
    const apps = (await fixture.api.apps.getChildren()).slice(0, 3);
    // Apps expanded by earlier tests reload too, and Current Branch lists on its own, so a count alone
    // could be met by other apps' lists: each expanded app's own list is waited for, before and after.
    const listedIds = () => fixture.service.requestsTo('GET /apps/:app_id/builds').map((r) => r.rawPath.split('/')[2]);
    fixture.service.clearRequests();
    for (const app of apps) await reveal(fixture.api, app, { expand: true, select: false, focus: false });
    await waitFor(() => apps.every((app) => app.kind === 'app' && listedIds().includes(app.app.id)), 'the view loads the expanded apps');
    fixture.service.clearRequests();
    await vscode.commands.executeCommand('buildService.refresh');
    await waitFor(() => apps.every((app) => app.kind === 'app' && listedIds().includes(app.app.id)), 'the expanded apps reload');
    await sleep(1000); // and nothing more comes for them
    // The Current Branch view asks for its branch's builds (branch=…) on its own; not the Apps view's.
    const own = fixture.service.requests
      .filter((r) => !r.rawUrl.includes('branch='))
      .filter((r) => r.route === 'GET /apps' || r.route?.startsWith('GET /apps/:app_id/builds') || r.route?.startsWith('GET /builds'));
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1);
    const listed = fixture.service.requestsTo('GET /apps/:app_id/builds').map((r) => r.rawPath.split('/')[2]);
    for (const app of apps)
      assert.equal(listed.filter((id) => app.kind === 'app' && id === app.app.id).length, 1, 'one list per expanded app');
    // Another app's list may be asked for by the Current Branch view; the Apps view's cost is 1 + 3.
    const appsView = own.filter((r) => r.route === 'GET /apps' || apps.some((a) => a.kind === 'app' && r.rawPath.includes(a.app.id)));
    assert.equal(appsView.length, 4, own.map((r) => r.rawUrl).join(', '));
    // Leave the view as the next suites expect it: nothing expanded.
    await reveal(fixture.api, apps[0], { select: false, focus: true });
    await vscode.commands.executeCommand('list.collapseAll');
  });

  it('a refresh that finds nothing new fires no tree event and keeps the same items; a renamed app is redrawn', async () => {
    const { api, service } = fixture;
    const [first] = await api.apps.getChildren();
    assert.ok(first?.kind === 'app');
    const itemBefore = api.apps.getTreeItem(first);
    const events: unknown[] = [];
    const subscription = api.apps.onDidChangeTreeData((e) => events.push(e));
    try {
      await api.apps.refresh();
      await sleep(500);
      assert.equal(events.length, 0, 'nothing changed, nothing redrawn');
      const [again] = await api.apps.getChildren();
      assert.equal(again, first, 'the same node');
      assert.equal(api.apps.getTreeItem(first), itemBefore, 'the same tree item');

      const wire = service.data.apps.find((a) => a._id === first.app.id);
      assert.ok(wire);
      wire.app_name = `${wire.app_name} (renamed)`;
      await api.apps.refresh();
      assert.equal(events.length, 1, 'one redraw for the change');
      const renamed = (await api.apps.getChildren()).find((n) => n.kind === 'app' && n.app.id === first.app.id);
      assert.ok(renamed);
      assert.equal(api.apps.getTreeItem(renamed).label, wire.app_name);
    } finally {
      subscription.dispose();
    }
  });
});
