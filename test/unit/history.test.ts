// The Build History panel's data: what the chart draws and the table says for a list of builds.
import * as assert from 'node:assert/strict';
import type { Build } from '../../src/api';
import { HISTORY_LIMIT, historyModel, secondsBetween } from '../../src/core/builds/history';
import { outcomeOf } from '../../src/core/builds/historyOutcome';
import { historyPageHtml } from '../../src/core/builds/historyPage';
import { historyWith } from '../../src/core/builds/historyList';
import { aBuild, type BuildFields } from '../builders';

const build = (number: number, fields: BuildFields = {}): Build =>
  aBuild({
    id: `b${number}`,
    appId: 'app',
    buildNumber: number,
    branch: 'main',
    createdAt: '2024-05-10T12:00:00Z',
    startedAt: '2024-05-10T12:01:30Z',
    finishedAt: '2024-05-10T12:06:33Z',
    testSummary: { testsCount: 10, testsPassed: 9, coverage: 0.6878 },
    ...fields,
  });

describe('build history', () => {
  it('asks for 50 builds', () => {
    assert.equal(HISTORY_LIMIT, 50);
  });

  it('runs oldest first: the service lists newest first, the x axis goes left to right', () => {
    const model = historyModel([build(3), build(2), build(1)], '2048 iOS App');
    assert.deepEqual(
      model.rows.map((r) => r.label),
      ['#1', '#2', '#3'],
    );
    assert.deepEqual(model.series.x, [0, 1, 2]);
  });

  it('duration is finished - started, time queued is started - created, both in minutes', () => {
    const model = historyModel([build(1)], 'app');
    assert.deepEqual(model.series.durationByOutcome.success, [5.1]);
    assert.deepEqual(model.series.queued, [1.5]);
    assert.equal(model.rows[0]?.duration, '5 min 3 s');
    assert.equal(model.rows[0]?.queued, '1 min 30 s');
  });

  it('each build is drawn in its outcome series only, so its bar takes that colour', () => {
    const model = historyModel(
      [
        build(5, { status: 'running', finished: false, finishedAt: undefined }),
        build(4, { status: 'cancelled' }),
        build(3, { status: 'unknown', rawStatus: 'exploded' }),
        build(2, { status: 'failed' }),
        build(1),
      ],
      'app',
    );
    const { durationByOutcome } = model.series;
    assert.deepEqual(durationByOutcome.success, [5.1, null, null, null, null]);
    assert.deepEqual(durationByOutcome.failed, [null, 5.1, null, null, null]);
    assert.deepEqual(durationByOutcome.other, [null, null, 5.1, null, null]);
    assert.deepEqual(durationByOutcome.cancelled, [null, null, null, 5.1, null]);
    // A running build has no duration yet: no bar, but its time queued.
    assert.deepEqual(durationByOutcome.unfinished, [null, null, null, null, null]);
    assert.equal(model.series.queued[4], 1.5);
    assert.deepEqual(
      model.rows.map((r) => r.state),
      ['Succeeded', 'Failed', 'Status exploded', 'Cancelled', 'Running'],
    );
    assert.equal(outcomeOf('queued'), 'unfinished');
  });

  it('missing, unreadable or backwards times are no point, not zero or negative', () => {
    assert.equal(secondsBetween(undefined, '2024-05-10T12:00:00Z'), null);
    assert.equal(secondsBetween('yesterday', '2024-05-10T12:00:00Z'), null);
    assert.equal(secondsBetween('2024-05-10T12:00:10Z', '2024-05-10T12:00:00Z'), null);
    const model = historyModel([build(2, { startedAt: undefined }), build(1, { finishedAt: 'soon' })], 'app');
    assert.deepEqual(model.series.durationByOutcome.success, [null, null]);
    assert.deepEqual(model.series.queued, [1.5, null]);
    assert.equal(model.rows[0]?.duration, '');
  });

  it('a time beyond reason (10^12 s) is drawn at the top of a scale the others fill, and marked; the table gives it', () => {
    const start = Date.parse('2024-05-10T12:01:30Z');
    const absurd = new Date(start + 1e15).toISOString();
    const builds = [build(9, { finishedAt: absurd }), ...[8, 7, 6, 5, 4, 3, 2, 1].map((n) => build(n))];
    const model = historyModel(builds, 'app');
    const { series } = model;
    // 5.1-minute builds and the 1.5-minute queue fill the axis up to 5.6 minutes.
    assert.equal(series.minutesTop, 5.6);
    assert.deepEqual(series.durationByOutcome.success, [5.1, 5.1, 5.1, 5.1, 5.1, 5.1, 5.1, 5.1, 5.6]);
    assert.deepEqual(series.offScale, [null, null, null, null, null, null, null, null, 5.6]);
    // Each ordinary bar is over 90% of the axis, not under 3 px of a 480 px chart.
    assert.ok(5.1 / (series.minutesTop ?? Infinity) > 0.9);
    assert.equal(model.rows[8]?.duration, '277777777 h 46 min');
    assert.equal(model.rows[8]?.hover, '#9 · main · Succeeded · 277777777 h 46 min · beyond the scale');
    assert.equal(model.rows[0]?.hover, '#1 · main · Succeeded · 5 min 3 s');
    assert.equal(model.texts.offScale, 'Beyond the scale (the table gives the time)');
  });

  it('an end before the start is no bar, no mark and "unknown" in the table; ordinary spread is not beyond the scale', () => {
    const backwards = build(3, { startedAt: '2024-05-10T12:10:00Z', finishedAt: '2024-05-10T12:06:33Z' });
    const model = historyModel([backwards, build(2, { finishedAt: '2024-05-10T12:31:30Z' }), build(1)], 'app');
    assert.deepEqual(model.series.durationByOutcome.success, [5.1, 30, null]);
    assert.equal(model.series.minutesTop, undefined, 'six times the median is a slow build, drawn as it is');
    assert.equal(model.series.offScale, undefined);
    assert.equal(model.rows[2]?.duration, 'unknown');
    assert.ok(model.rows.every((r) => !r.duration.includes('-') && !r.queued.includes('-')));
    // A queue time beyond reason is clamped the same way, on the same axis.
    const queuedLong = historyModel([build(3, { createdAt: '2000-01-01T00:00:00Z' }), build(2), build(1)], 'app');
    assert.deepEqual(queuedLong.series.queued, [1.5, 1.5, 5.6]);
    assert.deepEqual(queuedLong.series.offScale, [null, null, 5.6]);
  });

  it('tests and coverage are the second series; an empty test_summary is no point', () => {
    const model = historyModel(
      [
        build(3, { testSummary: {} }),
        build(2, { testSummary: { testsCount: 4, coverage: 0 } }),
        build(1, { testSummary: { coverage: 7 } }),
      ],
      'app',
    );
    assert.deepEqual(model.series.tests, [null, 4, null]);
    assert.deepEqual(model.series.coverage, [100, 0, null]);
    assert.deepEqual(
      model.rows.map((r) => [r.tests, r.coverage]),
      [
        ['', '100%'],
        ['4', '0%'],
        ['', ''],
      ],
    );
    assert.equal(historyModel([build(1)], 'app').rows[0]?.tests, '9 of 10 passed');
  });

  it('the hover names the build: number, branch, state and duration; the branch is data, shown on one line', () => {
    const model = historyModel([build(7, { status: 'failed', branch: 'fix/\u202Egnp.exe\nlogin  page' })], 'app');
    assert.equal(model.rows[0]?.hover, '#7 · fix/gnp.exe login page · Failed · 5 min 3 s');
    assert.equal(model.rows[0]?.branch, 'fix/gnp.exe login page');
    // A build without a number is named by its id.
    assert.equal(historyModel([build(1, { buildNumber: undefined })], 'app').rows[0]?.label, 'b1');
  });

  it('the chart has a spoken summary: how many builds, how they ended, the median duration', () => {
    const model = historyModel(
      [
        build(4, { status: 'failed', finishedAt: '2024-05-10T12:31:30Z' }),
        build(3, { status: 'failed' }),
        build(2, { finishedAt: '2024-05-10T12:02:30Z' }),
        build(1, { status: 'queued', startedAt: undefined, finishedAt: undefined }),
      ],
      '2048 iOS App on main',
    );
    assert.equal(
      model.summary,
      'Build history of 2048 iOS App on main: the last 4 builds, oldest first; 1 succeeded, 2 failed, 1 other; median duration 5 min 3 s.',
    );
    assert.equal(historyModel([], 'app').summary, 'Build history of app: no builds.');
  });

  it('the page: a strict CSP with a nonce, the model as inert JSON, and one local script', () => {
    const hostile = build(1, { branch: '</script><script>alert(1)</script>' });
    const html = historyPageHtml({
      model: historyModel([hostile], 'app'),
      title: 'Build History: <b>app</b>',
      nonce: 'abc123',
      scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/history.js',
    });
    assert.ok(html.includes(`content="default-src 'none'; style-src 'nonce-abc123'; script-src 'nonce-abc123'"`));
    assert.equal(html.match(/<script/g)?.length, 2, 'the JSON block and the page script, nothing the branch could add');
    assert.ok(html.includes('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>'));
    assert.ok(html.includes('<title>Build History: &lt;b&gt;app&lt;/b&gt;</title>'));
    assert.ok(
      html.includes('<script nonce="abc123" src="https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/history.js"></script>'),
    );
    assert.ok(html.includes('<button id="toggle" type="button"'), 'the table toggle is a real button');
    const json = /<script id="history-data" type="application\/json">(.*)<\/script>/.exec(html)?.[1] ?? '';
    assert.equal((JSON.parse(json) as { rows: { branch: string }[] }).rows[0]?.branch, '</script><script>alert(1)</script>');
  });
});

describe("an open chart's list, kept from the tracker's copies", () => {
  const at = (minute: number) => `2024-05-10T12:${String(minute).padStart(2, '0')}:00Z`;
  const listed = [build(3, { createdAt: at(30) }), build(2, { createdAt: at(20) }), build(1, { createdAt: at(10) })];

  it("a listed build's new state replaces it in place; the same state draws nothing", () => {
    const failed = { ...listed[1], status: 'failed' as const, rawStatus: 'failed' };
    assert.deepEqual(
      historyWith(listed, failed)?.map((b) => `${b.id} ${b.status}`),
      ['b3 success', 'b2 failed', 'b1 success'],
    );
    assert.equal(historyWith(listed, { ...listed[1] }), undefined);
  });

  it('a new build goes on top, and the list keeps its length limit; one older than the whole list is left out', () => {
    const running = build(4, { createdAt: at(40), finished: false, status: 'running', rawStatus: 'running' });
    assert.deepEqual(
      historyWith(listed, running)?.map((b) => b.id),
      ['b4', 'b3', 'b2', 'b1'],
    );
    assert.deepEqual(
      historyWith(listed, running, 3)?.map((b) => b.id),
      ['b4', 'b3', 'b2'],
    );
    assert.equal(historyWith(listed, build(0, { createdAt: at(5) })), undefined);
    assert.deepEqual(historyWith(listed, build(9, { createdAt: undefined }))?.[0]?.id, 'b9', 'no time: the newest');
    assert.equal(historyWith(listed, running, HISTORY_LIMIT)?.length, 4);
  });
});
