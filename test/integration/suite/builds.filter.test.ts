// Filter an app's builds by branch and state through the command's quick picks; the branch reaches
// the service percent-encoded; the filter shows on the app and clears with one command.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FIND_REPLACE, IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { APPS_VIEW_STILL, useReferenceService } from '../harness';
import * as ui from '../ui';

describe('builds: filter', () => {
  const fixture = useReferenceService(APPS_VIEW_STILL);

  it('branch from /branches and a state: the app says so and the builds follow, branch sent as feature%2Ffind%26replace', async () => {
    const app = await appNode(fixture.api, IOS_2048);
    fixture.service.clearRequests();
    const done = vscode.commands.executeCommand('buildService.filterBuilds', app);
    await ui.pick(FIND_REPLACE);
    await ui.pick('success');
    await done;
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/branches', IOS_2048).length, 1);
    assert.equal(textOf(fixture.api, app).description, `branch: ${FIND_REPLACE} · success`);
    assert.equal(textOf(fixture.api, app).contextValue, 'app.filtered');
    fixture.service.clearRequests();
    const builds = (await fixture.api.apps.getChildren(app)).filter((row) => row.kind !== 'groups');
    const [sent] = fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048);
    assert.ok(sent);
    assert.match(sent.rawUrl, /[?&]branch=feature%2Ffind%26replace(&|$)/);
    assert.match(sent.rawUrl, /[?&]status=success(&|$)/);
    assert.ok(builds.length > 0);
    for (const b of builds)
      assert.match(textOf(fixture.api, b).description, new RegExp(`^(Succeeded|Failed|Cancelled|Running|Queued) · ${FIND_REPLACE} · `));
    assert.ok(builds.every((b) => b.kind === 'build' && b.build.status === 'success'));
  });

  it('the filter survives a reload of the apps, and Clear Filter ends it', async () => {
    await fixture.api.apps.refresh();
    const app = await appNode(fixture.api, IOS_2048);
    assert.equal(textOf(fixture.api, app).description, `branch: ${FIND_REPLACE} · success`);
    await vscode.commands.executeCommand('buildService.clearFilter', app);
    assert.equal(textOf(fixture.api, app).description, '');
    assert.equal(textOf(fixture.api, app).contextValue, 'app');
    fixture.service.clearRequests();
    await fixture.api.apps.getChildren(app);
    const [sent] = fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048);
    assert.ok(sent && !sent.rawUrl.includes('branch=') && !sent.rawUrl.includes('status='), sent?.rawUrl);
  });

  it('a state alone, and a filter nothing matches says so', async () => {
    const app = await appNode(fixture.api, IOS_2048);
    const done = vscode.commands.executeCommand('buildService.filterBuilds', app);
    await ui.pick('Any branch');
    await ui.pick('cancelled');
    await done;
    assert.equal(textOf(fixture.api, app).description, 'cancelled');
    fixture.service.data.builds = fixture.service.data.builds.filter((b) => !(b.app_id === IOS_2048 && b.build_status === 'cancelled'));
    const [only] = await fixture.api.apps.getChildren(app);
    assert.ok(only);
    assert.equal(textOf(fixture.api, only).label, 'No builds match the filter');
    await vscode.commands.executeCommand('buildService.clearFilter', app);
  });
});
