// Builds of pull requests: the row says where it merges, the details and tooltip name the destination
// commit and merge status, and Current Branch says when the branch's latest build is a pull request's.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { IOS_2048, LIVE_SHAPES_APP } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { waitForBranchState } from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('builds: pull requests', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true, checkout: 'develop' });

  it('a pull request build\'s row says "PR → develop"; its details and tooltip name the destination commit and merge status', async () => {
    const wire = fixture.service.data.builds.find((b) => b.app_id === LIVE_SHAPES_APP && b.pull_request_destination_commit_info);
    assert.ok(wire?.pull_request_destination_commit_info, 'the reference service seeds pull request builds');
    const destination = wire.pull_request_destination_commit_info;
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, LIVE_SHAPES_APP));
    const node = builds.find((b) => b.kind === 'build' && b.build.id === wire._id);
    assert.ok(node, 'the pull request build is listed');
    const row = textOf(fixture.api, node);
    assert.match(row.description, new RegExp(`^\\S+ · ${wire.commit_info.branch} · PR → ${destination.branch} · `));
    const tooltip = row.tooltip.split('\n');
    assert.ok(tooltip.includes(`Pull request into ${destination.branch}`), row.tooltip);
    assert.ok(tooltip.includes(`Destination commit: ${destination.commit_sha.slice(0, 7)}`), row.tooltip);
    assert.ok(tooltip.includes('Merge status: unknown'), row.tooltip);
    assert.match(row.accessibleName, new RegExp(`, pull request into ${destination.branch}, `));

    const details = (await fixture.api.apps.getChildren(node)).map((d) => textOf(fixture.api, d));
    const pr = details.find((d) => d.icon === 'git-pull-request');
    assert.ok(pr, details.map((d) => d.label).join(', '));
    assert.equal(pr.label, `Pull request into ${destination.branch}`);
    assert.equal(pr.description, 'merge status: unknown');
    assert.match(pr.tooltip, new RegExp(`^Destination commit: ${destination.commit_sha.slice(0, 7)}\\nMerge status: unknown\\n`));
    assert.ok(pr.tooltip.includes(destination.message.split('\n')[0] ?? ''), pr.tooltip);

    const plain = builds.find((b) => b.kind === 'build' && !b.build.pullRequestDestination);
    assert.ok(plain);
    assert.ok(!textOf(fixture.api, plain).description.includes('PR →'), 'a build of no pull request does not say so');
  });

  it("Current Branch shows the branch's latest build when it is a pull request's, and says so", async () => {
    const latest = fixture.service.data.builds
      .filter((b) => b.app_id === IOS_2048 && b.commit_info.branch === 'develop')
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
    assert.ok(latest);
    latest.pull_request_destination_commit_info = {
      ...latest.commit_info,
      branch: 'master',
      commit_sha: 'fedcba9876543210fedcba9876543210fedcba98',
      message: 'Release 2.0',
      merge_status: 'mergeable',
    };
    await vscode.commands.executeCommand('buildService.refreshCurrentBranch');
    await waitForBranchState(
      fixture.api,
      (s) =>
        s.kind === 'builds' && s.entries.some((e) => e.held?.build.id === latest._id && e.held.build.pullRequestDestination !== undefined),
      'the pull request build of develop',
    );
    const { tree } = testing(fixture.api).branch;
    const items = tree.getChildren().map((n) => tree.getTreeItem(n));
    const ios = items.find((i) => i.label === '2048 iOS App');
    const android = items.find((i) => i.label === '2048 Android App');
    assert.ok(ios && android);
    // What follows the destination (the failures against it, once compared) is the comparison's, not this test's.
    assert.match(String(ios.description), new RegExp(`^#${latest.build_number} .+ · PR → master( · .+)?$`));
    assert.match(
      typeof ios.tooltip === 'string' ? ios.tooltip : '',
      /\nPull request into master\nDestination commit: fedcba9\nMerge status: mergeable\n/,
    );
    assert.match(
      ios.accessibilityInformation?.label ?? '',
      new RegExp(`^\\w+, 2048 iOS App, build ${latest.build_number} of develop, (scheme [^,]+, )?pull request into master, `),
    );
    assert.ok(!String(android.description).includes('PR'), "the other app's latest develop build is no pull request's");
  });

  it('in the workbench, the Current Branch row and the status-bar item are read in words, state first', async function () {
    // The workbench's DOM is read through the web test host's UI probe (as the harness's onlyIf does).
    if (!ui.uiProbeAvailable()) this.skip();
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    const rows = () => ui.elements('.sidebar .pane:has(.pane-header[aria-label^="Current Branch"]) .monaco-list-row', ['aria-label']);
    await waitFor(
      async () => (await rows()).some((r) => r.attributes['aria-label']?.includes('pull request into master')),
      'the row drawn',
    );
    const ios = (await rows()).find((r) => r.text.startsWith('2048 iOS App'))?.attributes['aria-label'] ?? '';
    assert.match(ios, /^(Succeeded|Failed|Cancelled|Running|Queued), 2048 iOS App, build \d+ of develop, /);
    const items = await ui.elements('.statusbar-item, .statusbar-item a', ['aria-label']);
    const status = items.map((i) => i.attributes['aria-label'] ?? '').find((l) => l.startsWith('Build Service, branch develop'));
    assert.ok(status, items.map((i) => i.attributes['aria-label']).join(' | '));
    assert.match(status, /, 2048 iOS App: build #\d+ (succeeded|failed|was cancelled|is running|is queued)/);
  });
});
