// The Build History panel in the real host's webview, for the views bench (test/host/benchViews.mjs):
// from the panel's page handed to the webview to its first paint (the page says when, from a frame
// callback after drawing), with 100 builds against an empty panel, alternating, each in a new panel.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parseBuild } from '../../../src/api/parsing/parseBuild';
import type { Build } from '../../../src/api';
import type { HistorySubject } from '../../../src/views/historyPanel';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode } from '../appsView';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { waitFor } from '../wait';
import { figures } from './figures';

const BUILDS = 100;
const RUNS = 7;
const STATUSES = ['success', 'failed', 'success', 'cancelled', 'success'] as const;

/** 100 finished builds, an hour apart, with tests and coverage: every series of the chart has points. */
function manyBuilds(seed: unknown): Build[] {
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: BUILDS }, (_, i) => {
    const created = start + i * 3_600_000;
    const status = STATUSES[i % STATUSES.length];
    return parseBuild({
      ...(seed as object),
      _id: `bench${i.toString(16).padStart(19, '0')}`,
      build_number: i + 1,
      build_status: status,
      finished: true,
      created_at: new Date(created).toISOString(),
      started_at: new Date(created + (1 + (i % 5)) * 60_000).toISOString(),
      finished_at: new Date(created + (8 + (i % 9)) * 60_000).toISOString(),
      test_summary: {
        tests_count: 200 + i,
        tests_passed: status === 'failed' ? 197 + i : 200 + i,
        code_coverage_percentage: 0.5 + i / 400,
      },
    });
  }).reverse(); // newest first, as the service lists them
}

describe('bench: the Build History chart', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });

  /** Shows `builds` in a new panel and resolves with the ms from the page handed over to its first paint. */
  async function firstPaint(subject: HistorySubject, builds: readonly Build[]): Promise<number> {
    const panel = testing(fixture.api).historyPanel;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(() => panel.shown === undefined, 'the last panel closed');
    panel.show(subject, builds);
    await waitFor(() => panel.shown?.paintedAfterMs !== undefined, 'the first paint', 30_000);
    return panel.shown?.paintedAfterMs ?? NaN;
  }

  it(`${BUILDS} builds against an empty panel, alternating, each in a new panel`, async function () {
    this.timeout(300_000);
    const panel = testing(fixture.api).historyPanel;
    // Opened once as a user opens it, for an account and app to show: what the runs then reuse.
    await vscode.commands.executeCommand('buildService.showBuildHistory', await appNode(fixture.api, IOS_2048));
    await waitFor(() => panel.shown?.paintedAfterMs !== undefined, 'the panel opened from the command', 30_000);
    const subject = panel.shown?.subject;
    assert.ok(subject, 'the panel shows an app');
    const builds = manyBuilds(fixture.service.data.builds.find((b) => b.app_id === IOS_2048));
    const result = { builds: BUILDS, chartMs: [] as number[], emptyMs: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      result.chartMs.push(await firstPaint(subject, builds));
      result.emptyMs.push(await firstPaint(subject, []));
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    figures.historyChart = result;
  });
});
