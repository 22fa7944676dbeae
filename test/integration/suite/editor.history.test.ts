// Show Build History: the panel as the user sees it in the workbench (read through the UI probe inside
// the webview's frames), the one list request it costs, the table toggle, a click on a bar selecting
// that build in the Apps view, and a drawing anew on resize and on a change of colour theme. With BUILD_SERVICE_SCREENSHOTS=<folder> it also saves the
// pictures the README shows, in a light and a dark theme.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { HISTORY_LIMIT } from '../../../src/core/builds/history';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import type { Build as WireBuild } from '../../service/server';
import { buildsOfApp } from '../../service/data';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode } from '../appsView';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { setSetting } from '../settings';
import { waitFor } from '../wait';

/** The page inside the webview: its host iframe, then the frame VS Code puts the page in. */
const PAGE = 'iframe.webview.ready >> internal:control=enter-frame >> iframe#active-frame >> internal:control=enter-frame >>';
const ADDED = 50;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

describe('editor: build history as a chart', () => {
  const fixture = useReferenceService({
    onlyIf: ui.uiProbeAvailable,
    token: true,
    checkout: 'develop',
    waitForApps: true,
    openView: true,
    // Every build the chart can show is listed under its app, so a click can select it there.
    settings: { autoRefresh: false, buildsPerApp: 100 },
  });

  /** 50 older builds before the app's seeded 12, numbered from 1 on, with tests and coverage. */
  function addOlderBuilds(): void {
    const seeded = fixture.service.data.builds.filter((b) => b.app_id === IOS_2048);
    const oldest = Math.min(...seeded.map((b) => Date.parse(b.created_at)));
    for (const b of seeded) b.build_number += ADDED;
    const branches = ['develop', 'master', 'develop', 'release/2.0'];
    for (let i = 0; i < ADDED; i++) {
      const status = i % 7 === 3 ? 'cancelled' : i % 4 === 1 ? 'failed' : 'success';
      const created = oldest - (ADDED - i) * 5 * HOUR_MS;
      const started = created + (1 + (i % 4)) * MINUTE_MS;
      const tests = 120 + i * 2;
      const build: WireBuild = {
        ...structuredClone(seeded[0]),
        _id: `a11ce${i.toString(16).padStart(19, '0')}`,
        build_status: status,
        finished: true,
        build_number: i + 1,
        created_at: new Date(created).toISOString(),
        started_at: new Date(started).toISOString(),
        finished_at: new Date(started + (6 + ((i * 5) % 11)) * MINUTE_MS + i * 1000).toISOString(),
        test_summary:
          status === 'cancelled'
            ? {}
            : { tests_count: tests, tests_passed: status === 'failed' ? tests - 3 : tests, code_coverage_percentage: 0.52 + i * 0.004 },
        links: { download: [], install: [] },
      };
      build.commit_info = { ...build.commit_info, branch: branches[i % branches.length] };
      fixture.service.data.builds.push(build);
    }
  }

  const pageTexts = (selector: string) => ui.texts(`${PAGE} ${selector}`);

  async function waitForPage(selector: string, what: string): Promise<string[]> {
    let shown: string[] = [];
    await waitFor(
      async () => (shown = await pageTexts(selector).catch(() => [])).length > 0,
      () => `${what} in the Build History panel`,
      20_000,
    );
    return shown;
  }

  async function screenshot(name: string): Promise<void> {
    const folder = process.env.BUILD_SERVICE_SCREENSHOTS;
    if (!folder) return;
    // The harness's own notices (a token set for a new address) are not part of the picture.
    await vscode.commands.executeCommand('notifications.clearAll');
    await ui.screenshot(`${folder}/${name}`);
  }

  it('on an app: one list request of 50 builds, drawn as a chart, and the same 50 as a table', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    addOlderBuilds();
    fixture.service.clearRequests();
    await vscode.commands.executeCommand('buildService.showBuildHistory', await appNode(fixture.api, IOS_2048));

    const [title] = await waitForPage('h1', 'the title');
    assert.equal(title, 'Build History');
    await waitForPage('.u-over', 'the drawn chart');
    assert.ok((await pageTexts('canvas').catch(() => [])).length === 1, 'one canvas: the chart');
    const legend = (await pageTexts('.u-legend .u-label')).join(' | ');
    for (const name of ['Succeeded', 'Failed', 'Cancelled', 'Time queued', 'Tests', 'Coverage']) assert.ok(legend.includes(name), legend);

    await ui.click(`${PAGE} #toggle`, 'Show as Table');
    const rows = await waitForPage('#table-view tbody tr', 'the table');
    assert.equal(rows.length, 50);
    // Newest first, as the Apps view lists them.
    const newest = buildsOfApp(fixture.service.data, IOS_2048).slice(0, 50);
    assert.deepEqual(
      rows.map((row) => row.split('\t')[0]),
      newest.map((b) => `#${b.build_number}`),
    );
    const caption = await pageTexts('caption');
    assert.match(
      caption[0] ?? '',
      /^Build history of 2048 iOS App: the last 50 builds, oldest first; \d+ succeeded, \d+ failed, \d+ other; median duration/,
    );
    assert.deepEqual(await pageTexts('#toggle'), ['Show as Chart']);
    await screenshot('history-table.png');

    // The views ask for their own lists meanwhile (the comparison with the base branch, flaky tests): the panel's is the one of 50.
    const listed = fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048).map((r) => r.query);
    assert.equal(listed.filter((query) => query.limit === '50').length, 1, `one list request of 50; all: ${JSON.stringify(listed)}`);
    assert.ok(
      listed.some((query) => JSON.stringify(query) === JSON.stringify({ limit: '50' })),
      'of the whole app',
    );
  });

  it('hovering a bar names the build; clicking it selects that build in the Apps view', async () => {
    await ui.click(`${PAGE} #toggle`, 'Show as Chart');
    await waitForPage('.u-over', 'the chart again');
    // A click moves the pointer there first, as a user's does: the middle of the plot, on a build.
    await ui.click(`${PAGE} .u-over`);
    const [hover] = await waitForPage('#tooltip:not([hidden])', 'the hover');
    const number = /^#(\d+) · /.exec(hover ?? '')?.[1];
    assert.ok(number, `the hover names a build: ${hover}`);
    const wire = fixture.service.data.builds.find((b) => b.app_id === IOS_2048 && b.build_number === Number(number));
    assert.ok(wire, `build #${number} exists`);
    assert.match(hover ?? '', new RegExp(`^#${number} · ${wire.commit_info.branch} · (Succeeded|Failed|Cancelled) · \\d+ min \\d+ s$`));

    const view = testing(fixture.api).appsView;
    const selected = (): AppsTreeNode | undefined => view.selection[0];
    await waitFor(
      () => {
        const node = selected();
        return node?.kind === 'build' && node.build.id === wire._id;
      },
      () => `build #${number} selected in the Apps view (selected: ${JSON.stringify(selected()?.kind)})`,
    );
    assert.ok(view.visible, 'the Apps view is shown');
    await screenshot('history-light.png');
  });

  it('the chart is drawn again at the new size when the panel is resized, and still names the hovered build', async () => {
    const panel = testing(fixture.api).historyPanel;
    const before = panel.shown?.paints ?? 0;
    assert.ok(before > 0, 'drawn');
    await vscode.commands.executeCommand('workbench.action.toggleSidebarVisibility');
    try {
      await waitFor(() => (panel.shown?.paints ?? 0) > before, 'a drawing after the side bar closed');
      await ui.click(`${PAGE} .u-over`);
      const [hover] = await waitForPage('#tooltip:not([hidden])', 'the hover');
      assert.match(hover ?? '', /^#\d+ · /);
    } finally {
      await vscode.commands.executeCommand('workbench.action.toggleSidebarVisibility');
    }
  });

  it("the chart is drawn again in the new theme's colours when the colour theme changes", async () => {
    const panel = testing(fixture.api).historyPanel;
    /** The legend's swatch of the succeeded builds: uPlot writes the series' colour into its style. */
    const succeededSwatch = async () =>
      (await ui.elements(`${PAGE} .u-legend .u-series:has-text("Succeeded") .u-marker`, ['style']))[0]?.attributes.style ?? '';
    const light = await succeededSwatch();
    // VS Code's Light and Dark Modern themes: charts.green #388A34, and #89D185.
    assert.match(light, /rgb\(56, 138, 52\)/, 'the test host starts in a light theme');
    const before = panel.shown?.paints ?? 0;
    // The test host starts in a light theme; this is the command a user runs to swap it.
    await vscode.commands.executeCommand('workbench.action.toggleLightDarkThemes');
    try {
      await waitFor(() => (panel.shown?.paints ?? 0) > before, 'a drawing after the theme changed');
      let dark = '';
      await waitFor(
        async () => /rgb\(137, 209, 133\)/.test((dark = await succeededSwatch())),
        () => `the dark theme's green in the legend (now: ${dark})`,
      );
      await ui.click(`${PAGE} .u-over`);
      const [hover] = await waitForPage('#tooltip:not([hidden])', 'the hover');
      assert.match(hover ?? '', /^#\d+ · /);
      await screenshot('history-dark.png');
    } finally {
      await vscode.commands.executeCommand('workbench.action.toggleLightDarkThemes');
      await vscode.workspace.getConfiguration('workbench').update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(async () => /rgb\(56, 138, 52\)/.test(await succeededSwatch()), 'the light green again');
  });

  it('one build said to take 10^12 s and one ending before it started: the others keep their height, the outlier is marked', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const older = fixture.service.data.builds.filter((b) => b.app_id === IOS_2048 && b.build_number <= ADDED);
    const [absurd, backwards] = [older.find((b) => b.build_number === 40), older.find((b) => b.build_number === 45)];
    assert.ok(absurd?.started_at && backwards?.started_at);
    const saved = [absurd.finished_at, backwards.finished_at];
    absurd.finished_at = new Date(Date.parse(absurd.started_at) + 1e15).toISOString();
    backwards.finished_at = new Date(Date.parse(backwards.started_at) - 5 * MINUTE_MS).toISOString();
    try {
      await vscode.commands.executeCommand('buildService.showBuildHistory', await appNode(fixture.api, IOS_2048));
      await waitForPage('.u-over', 'the drawn chart');
      const legend = (await pageTexts('.u-legend .u-label')).join(' | ');
      assert.ok(legend.includes('Beyond the scale (the table gives the time)'), legend);
      const series = testing(fixture.api).historyPanel.shown?.html ?? '';
      const top = /"minutesTop":([\d.]+)/.exec(series)?.[1];
      assert.ok(top && Number(top) < 30, `the minutes axis ends at ${top}, near the ordinary builds' 6–17 minutes`);
      await screenshot('history-outlier.png');
      await ui.click(`${PAGE} #toggle`, 'Show as Table');
      const rows = await waitForPage('#table-view tbody tr', 'the table');
      const cells = (n: number) => rows.find((row) => row.startsWith(`#${n}\t`))?.split('\t') ?? [];
      assert.equal(cells(45)[5], 'unknown', cells(45).join(' | '));
      assert.match(cells(40)[5] ?? '', /^\d{9} h \d+ min$/, cells(40).join(' | '));
      assert.ok(!rows.some((row) => / -\d/.test(row)), 'no negative time');
    } finally {
      [absurd.finished_at, backwards.finished_at] = saved;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it("on my branch's build in Current Branch: the same one request, for the branch only", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const node = testing(fixture.api).branch.tree.nodeOf();
    assert.ok(node?.app.id === IOS_2048, 'develop shows the iOS app first');
    fixture.service.clearRequests();
    await vscode.commands.executeCommand('buildService.showBuildHistory', node);
    await waitForPage('.u-over', 'the drawn chart');
    const asked = fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048);
    assert.equal(asked.length, 1);
    assert.deepEqual(asked[0]?.query, { branch: 'develop', limit: '50' });
    await ui.click(`${PAGE} #toggle`, 'Show as Table');
    const rows = await waitForPage('#table-view tbody tr', 'the table');
    const developBuilds = fixture.service.data.builds.filter((b) => b.app_id === IOS_2048 && b.commit_info.branch === 'develop');
    assert.equal(rows.length, Math.min(developBuilds.length, 50));
    assert.ok(
      rows.every((row) => row.split('\t')[1] === 'develop'),
      rows.join('\n'),
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('on my branch: a newer build the poller finds is drawn into the open chart, which keeps its place and the focus stays where it was', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const { historyPanel: panel, branch } = testing(fixture.api);
    const node = branch.tree.nodeOf();
    assert.ok(node?.app.id === IOS_2048);
    await vscode.commands.executeCommand('buildService.showBuildHistory', node);
    await waitForPage('.u-over', 'the drawn chart');
    const shownBefore = panel.shown;
    assert.ok(shownBefore);
    // The user goes back to the sidebar; the chart stays open in its editor group.
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(() => vscode.window.state.focused, 'the window focused');
    await setSetting('autoRefresh', true);
    try {
      const historyLists = () =>
        fixture.service.requestsTo('GET /apps/:app_id/builds', IOS_2048).filter((r) => r.query.limit === String(HISTORY_LIMIT)).length;
      const listedBefore = historyLists();
      // A teammate starts a build of develop: the poller finds it as the newest of the branch.
      const answer = await fetch(`${fixture.service.baseUrl}/apps/${IOS_2048}/build`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.service.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'develop' }),
      });
      const { build_id: id } = (await answer.json()) as { build_id: string };
      const started = fixture.service.data.builds.find((b) => b._id === id);
      assert.ok(started);
      await waitFor(() => panel.shown?.builds[0]?.id === id, 'the new build in the chart', 20_000);
      assert.notEqual(panel.shown, shownBefore, 'drawn again');
      assert.equal(historyLists(), listedBefore, 'from the build the poller found: the chart does not list its 50 again');
      // Drawn where it was: the keyboard focus is still in the sidebar's view, not on the panel.
      const focus = await ui.focus();
      assert.match(focus.view, /Current Branch/, JSON.stringify(focus));
      await ui.click(`${PAGE} #toggle`, 'Show as Table');
      const rows = await waitForPage('#table-view tbody tr', 'the table');
      assert.equal(rows[0]?.split('\t')[0], `#${started.build_number}`, rows.slice(0, 2).join('\n'));
    } finally {
      await setSetting('autoRefresh', false);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
