// Deployment groups under each app: asked for only when their row is expanded; each group's name,
// branch and number of testers on its row, the addresses in its tooltip; empty and error rows.
import * as assert from 'node:assert/strict';
import { ANDROID_2048, IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { useReferenceService } from '../harness';

describe('sidebar: deployment groups', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });

  const groupsRowOf = async (appId: string) => {
    const rows = await fixture.api.apps.getChildren(await appNode(fixture.api, appId));
    const groups = rows.at(-1);
    assert.ok(groups && groups.kind === 'groups', rows.map((r) => textOf(fixture.api, r).label).join(', '));
    return groups;
  };

  it('each app ends with a Deployment Groups row; its groups are fetched when it is expanded, each a row', async () => {
    fixture.service.clearRequests();
    const section = await groupsRowOf(IOS_2048);
    const item = textOf(fixture.api, section);
    assert.deepEqual([item.label, item.collapsible, item.accessibleName], ['Deployment Groups', true, 'Deployment groups of 2048 iOS App']);
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/deployment-groups').length, 0, 'nothing asked before it is expanded');
    const groups = (await fixture.api.apps.getChildren(section)).map((g) => textOf(fixture.api, g));
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/deployment-groups', IOS_2048).length, 1);
    assert.deepEqual(
      groups.map((g) => [g.label, g.description]),
      [
        ['QA team', 'develop · 2 testers'],
        ['Beta testers 🧪', 'release/2.0 · 2 testers'],
      ],
    );
    assert.deepEqual(groups[0]?.tooltip.split('\n'), ['QA team', 'Branch: develop', 'Testers:', 'qa@example.com', 'zoë@example.com']);
    assert.equal(groups[0]?.accessibleName, 'Deployment group QA team, branch develop, 2 testers');
    assert.equal(groups[0]?.collapsible, false);
  });

  it('an app without groups says so; a failed load is an error row that retries', async () => {
    const empty = (await fixture.api.apps.getChildren(await groupsRowOf(ANDROID_2048))).map((g) => textOf(fixture.api, g));
    assert.deepEqual(
      empty.map((g) => [g.label, g.icon]),
      [['No deployment groups', 'info']],
    );
    // All three attempts of the client (it retries a 503 itself) fail; then the service recovers.
    fixture.service.setFault('GET /apps/:app_id/deployment-groups', { status: 503, times: 3 });
    const [failed] = (await fixture.api.apps.getChildren(await groupsRowOf(IOS_2048))).map((g) => textOf(fixture.api, g));
    assert.ok(failed);
    assert.deepEqual([failed.icon, failed.contextValue, failed.command?.command], ['warning', 'message', 'buildService.refresh']);
    assert.match(failed.accessibleName, /^Warning: .+, press Enter to Retry$/);
    const again = (await fixture.api.apps.getChildren(await groupsRowOf(IOS_2048))).map((g) => textOf(fixture.api, g).label);
    assert.deepEqual(again, ['QA team', 'Beta testers 🧪']);
  });
});
