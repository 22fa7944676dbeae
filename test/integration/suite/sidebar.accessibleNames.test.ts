// What a screen reader hears for each row, read where it reads it: the row's aria-label in the
// workbench's DOM. The state comes first, in words; no build id, commit hash or UTC time.
import * as assert from 'node:assert/strict';
import type { Build as WireBuild } from '../../service/server';
import { IOS_2048, LIVE_SHAPES_APP } from '../../service/seedCatalog';
import { appNode, reveal, textOf } from '../appsView';
import { APPS_VIEW_STILL, useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

const STATE_FIRST = /^(Succeeded|Failed|Cancelled|Running|Queued|Unknown status|Status .+?), /;
const APPS_ROWS = '.sidebar .pane:has(.pane-header[aria-label^="Apps"]) .monaco-list-row';

/** The drawn row of a tree item: its text is the label, then the description. */
async function rowOf(item: { label: string; description: string }): Promise<ui.ElementAttributes | undefined> {
  const rows = await ui.elements(APPS_ROWS, ['aria-label', 'role']);
  return rows.find((row) => row.text === `${item.label}${item.description}`);
}

describe('accessibility: the names a screen reader reads', () => {
  const fixture = useReferenceService(APPS_VIEW_STILL);

  for (const [name, appId] of [
    ['2048 iOS App', IOS_2048],
    ['the app answering in the live shapes (odd ids, short shas, pull requests)', LIVE_SHAPES_APP],
  ] as const) {
    it(`every build row of ${name}: the state first in words, no id, hash or UTC time`, async () => {
      const app = await appNode(fixture.api, appId);
      await reveal(fixture.api, app, { expand: true });
      const nodes = (await fixture.api.apps.getChildren(app)).filter((n) => n.kind === 'build');
      assert.ok(nodes.length >= 6, `${nodes.length} builds`);
      for (const node of nodes) {
        const build = fixture.service.data.builds.find((b) => b._id === node.build.id);
        assert.ok(build);
        await reveal(fixture.api, node, { select: false, focus: false });
        let row: ui.ElementAttributes | undefined;
        const item = textOf(fixture.api, node);
        await waitFor(async () => Boolean((row = await rowOf(item))), `the row of build #${build.build_number} drawn`);
        const label = row?.attributes['aria-label'] ?? '';
        assert.match(label, STATE_FIRST, `build #${build.build_number}`);
        assert.ok(label.startsWith(`${stateWord(build.build_status)}, build ${build.build_number}`), label);
        assert.ok(!label.includes(build._id), `no build id in ${label}`);
        assert.ok(!label.includes(build.commit_info.commit_sha.slice(0, 7)), `no commit hash in ${label}`);
        assert.doesNotMatch(label, /UTC|\d\d:\d\d/, `no exact time in ${label}`);
        assert.equal(row?.attributes.role, 'treeitem');
        if (build.pull_request_destination_commit_info) assert.match(label, /, pull request into \S+, /);
      }
    });
  }

  it("a build's details and the deployment groups: said in words, no hash", async () => {
    const app = await appNode(fixture.api, IOS_2048);
    const children = await fixture.api.apps.getChildren(app);
    const failed = children.find((n) => n.kind === 'build' && n.build.status === 'failed');
    const groups = children.at(-1);
    assert.ok(failed?.kind === 'build' && groups?.kind === 'groups');
    const drawn = async (start: string) => {
      let labels: string[] = [];
      await waitFor(async () => {
        labels = (await ui.elements(APPS_ROWS, ['aria-label'])).map((r) => r.attributes['aria-label'] ?? '');
        return labels.some((l) => l.startsWith(start));
      }, `a row read as "${start}…"`);
      return labels;
    };
    await reveal(fixture.api, app, { select: false, focus: false });
    assert.ok((await drawn('2048 iOS App')).includes('2048 iOS App, iOS app'));
    await reveal(fixture.api, failed, { expand: true, select: false, focus: false });
    const commit = (await drawn('Commit by ')).find((l) => l.startsWith('Commit by ')) ?? '';
    assert.ok(!commit.includes(failed.build.commit.sha?.slice(0, 7) ?? ''), commit);
    // The groups are below the fold: the keyboard moves onto the first one, which scrolls it in.
    await reveal(fixture.api, groups, { expand: true, select: true, focus: true });
    assert.ok((await drawn('Deployment groups of 2048 iOS App')).includes('Deployment groups of 2048 iOS App'));
    await waitFor(async () => (await ui.focus()).row?.ariaLabel === 'Deployment groups of 2048 iOS App', 'the keyboard on the groups row');
    await ui.pressKeyHere('ArrowDown');
    await waitFor(
      async () => (await ui.focus()).row?.ariaLabel === 'Deployment group QA team, branch develop, 2 testers',
      'the first group announced',
    );
  });
});

function stateWord(status: WireBuild['build_status']): string {
  return { success: 'Succeeded', failed: 'Failed', cancelled: 'Cancelled', running: 'Running', queued: 'Queued' }[status];
}
