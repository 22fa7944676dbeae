// The apps as the view shows them: order, icons, tooltips, context menu commands, the empty
// service, and 10,000 apps.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { generateApps } from '../../service/server';
import { shownItems, welcomeTexts } from '../appsView';
import { useReferenceService } from '../harness';
import { waitForAddressNotice } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const hex = (n: number) => n.toString(16).padStart(24, '0');

describe('sidebar: apps', () => {
  const fixture = useReferenceService({ token: true, openView: true });

  it('lists the apps sorted as a person sorts, with platform icon, and id and platform in the tooltip', async () => {
    fixture.service.setApps([
      { _id: hex(1), app_name: 'App 10', platform: 'ios' },
      { _id: hex(2), app_name: 'app 2', platform: 'android' },
      { _id: hex(3), app_name: 'Émile', platform: 'windows' },
      { _id: hex(4), app_name: 'App 1', platform: 'ios' },
    ]);
    await fixture.api.apps.refresh();
    const items = await shownItems(fixture.api);
    assert.deepEqual(
      items.map((i) => i.label),
      ['App 1', 'app 2', 'App 10', 'Émile'],
    );
    assert.deepEqual(
      items.map((i) => i.icon),
      ['ios-light.svg', 'android-light.svg', 'ios-light.svg', 'device-mobile'],
    );
    assert.equal(items[1]?.tooltip, `app 2\nApp ID: ${hex(2)}\nPlatform: Android`);
    assert.equal(items[3]?.tooltip, `Émile\nApp ID: ${hex(3)}\nPlatform: windows`);
    assert.ok(items.every((i) => i.contextValue === 'app'));
  });

  it('Copy App ID puts the id on the clipboard', async () => {
    const [first] = await fixture.api.apps.getChildren();
    await vscode.commands.executeCommand('buildService.copyAppId', first);
    assert.equal(await vscode.env.clipboard.readText(), hex(4));
  });

  it('Open in Dashboard without a dashboard address says which setting to set', async () => {
    await ui.clearNotifications();
    const [first] = await fixture.api.apps.getChildren();
    await vscode.commands.executeCommand('buildService.openAppInDashboard', first);
    await waitForAddressNotice('the app in the dashboard', 'buildService.dashboardUrl');
    await ui.clearNotifications();
  });

  it('a service with no apps says so', async () => {
    fixture.service.setApps([]);
    await fixture.api.apps.refresh();
    assert.deepEqual(await shownItems(fixture.api), []);
    await waitFor(async () => (await welcomeTexts()).some((t) => t.startsWith('The build service has no apps')), 'the no-apps welcome');
  });

  it('10,000 apps load, sort and render without stalling', async () => {
    fixture.service.setApps(generateApps(10_000));
    const started = Date.now();
    const outcome = await fixture.api.apps.refresh();
    const nodes = await fixture.api.apps.getChildren();
    for (const node of nodes) fixture.api.apps.getTreeItem(node);
    const elapsed = Date.now() - started;
    assert.deepEqual(outcome, { status: 'loaded', count: 10_000 });
    assert.equal(nodes.length, 10_000);
    assert.ok(elapsed < 5_000, `took ${elapsed} ms`);
    // The workbench draws only the visible rows; the first ones appear quickly.
    await waitFor(async () => (await ui.texts('.sidebar .monaco-list-row')).length > 0, 'rows drawn');
    // And the extension host still answers at once.
    const ping = Date.now();
    await vscode.commands.executeCommand('buildService.showLog');
    assert.ok(Date.now() - ping < 2_000);
  });
});
