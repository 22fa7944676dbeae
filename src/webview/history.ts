/// <reference lib="dom" />
// The Build History panel's page: draws the model the extension put in the page (src/core/builds/history.ts)
// with uPlot, and the same rows as a table. It sends nothing anywhere but to the extension.
import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css';
import pageCss from './history.css';
import type { HistoryMessage, HistoryModel } from '../core/builds/history';
import type { Outcome } from '../core/builds/historyOutcome';
import { historyTable } from './historyTable';

declare function acquireVsCodeApi(): { postMessage(message: HistoryMessage): void };

const vscodeApi = acquireVsCodeApi();
const nonce = (document.currentScript instanceof HTMLScriptElement ? document.currentScript.nonce : undefined) ?? '';
const model = JSON.parse(document.getElementById('history-data')?.textContent ?? '{}') as HistoryModel;
const chartBox = element('chart');
const tooltip = element('tooltip');
const tableBox = element('table-view');
const toggle = element('toggle') as HTMLButtonElement;
/** The bar series in the model's order (its keys are core's OUTCOMES). */
const outcomes = Object.keys(model.series.durationByOutcome) as Outcome[];

/** VS Code's chart colours, read anew for each drawing: they change with the theme. */
const OUTCOME_COLOURS: Record<Outcome, string> = {
  success: '--vscode-charts-green',
  failed: '--vscode-charts-red',
  cancelled: '--vscode-disabledForeground',
  unfinished: '--vscode-charts-blue',
  other: '--vscode-charts-foreground',
};

let chart: uPlot | undefined;

/** The page's elements, from src/core/builds/historyPage.ts. */
function element(id: string): HTMLElement {
  return document.getElementById(id) as HTMLElement;
}

function colour(variable: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || 'gray';
}

function select(index: number | null | undefined): void {
  const row = index === null || index === undefined ? undefined : model.rows[index];
  if (row) vscodeApi.postMessage({ type: 'select', id: row.id });
}

function chartSize(): { width: number; height: number } {
  return { width: Math.max(chartBox.clientWidth, 200), height: Math.max(Math.min(window.innerHeight - 160, 480), 200) };
}

function options(): uPlot.Options {
  const { texts, rows } = model;
  const foreground = colour('--vscode-charts-foreground');
  const lines = colour('--vscode-charts-lines');
  const font = `12px ${colour('--vscode-font-family')}`;
  const axis = { stroke: foreground, font, labelFont: font, grid: { stroke: lines, width: 1 }, ticks: { stroke: lines, width: 1 } };
  const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
  return {
    ...chartSize(),
    scales: {
      x: { time: false, range: [-0.5, Math.max(rows.length - 0.5, 0.5)] },
      pct: { range: [0, 100] },
      ...(model.series.minutesTop === undefined ? {} : { min: { range: [0, model.series.minutesTop] as uPlot.Range.MinMax } }),
      mb: model.series.sizeTop === undefined ? { range: (_u, _min, max) => [0, Math.max(max, 1)] } : { range: [0, model.series.sizeTop] },
    },
    axes: [
      { ...axis, space: 48, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (rows[v]?.label ?? '') : '')) },
      { ...axis, scale: 'min', label: texts.minutes },
      { ...axis, scale: 'tests', side: 1, label: texts.tests, grid: { show: false }, stroke: colour('--vscode-charts-purple') },
      { ...axis, scale: 'pct', side: 1, label: `${texts.coverage} %`, grid: { show: false }, stroke: colour('--vscode-charts-yellow') },
      ...(hasSizes() ? [{ ...axis, scale: 'mb', side: 1, label: texts.size, grid: { show: false }, stroke: colour(SIZE_COLOUR) }] : []),
    ],
    series: [
      { label: texts.columns[0], value: (_u, v) => (v === null ? '' : (rows[v]?.label ?? '')) },
      ...outcomes.map((outcome) => {
        const fill = colour(OUTCOME_COLOURS[outcome]);
        return { label: texts.outcomes[outcome], scale: 'min', stroke: fill, fill, paths: bars, points: { show: false } };
      }),
      { label: texts.queued, scale: 'min', stroke: colour('--vscode-charts-orange'), width: 2, points: { show: true, size: 5 } },
      { label: texts.tests, scale: 'tests', stroke: colour('--vscode-charts-purple'), width: 1.5, dash: [4, 4] },
      { label: texts.coverage, scale: 'pct', stroke: colour('--vscode-charts-yellow'), width: 1.5 },
      ...(model.series.offScale ? [offScaleSeries()] : []),
      ...(hasSizes() ? sizeSeries() : []),
    ],
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    legend: { show: true },
    hooks: { setCursor: [showTooltip] },
  };
}

/** Times beyond the scale (model.series.minutesTop) are drawn at its top and marked so: points, no line. */
function offScaleSeries(): uPlot.Series {
  const stroke = colour('--vscode-charts-foreground');
  return { label: model.texts.offScale, scale: 'min', stroke, paths: () => null, points: { show: true, size: 11, width: 2, fill: stroke } };
}

/** The app's size over the builds, on its own axis; sizes beyond the scale (model.series.sizeTop) marked at its top. */
const SIZE_COLOUR = '--vscode-charts-blue';

function hasSizes(): boolean {
  return model.series.size.some((v) => v !== null);
}

function sizeSeries(): uPlot.Series[] {
  const stroke = colour(SIZE_COLOUR);
  const line: uPlot.Series = {
    label: model.texts.size,
    scale: 'mb',
    stroke,
    width: 2,
    spanGaps: true,
    points: { show: true, size: 6, fill: stroke },
  };
  const marks: uPlot.Series = {
    label: model.texts.sizeOffScale,
    scale: 'mb',
    stroke,
    paths: () => null,
    points: { show: true, size: 13, width: 2 },
  };
  return model.series.sizeOffScale ? [line, marks] : [line];
}

function data(): uPlot.AlignedData {
  const { series } = model;
  const marks = series.offScale ? [series.offScale] : [];
  const sizes = hasSizes() ? [series.size, ...(series.sizeOffScale ? [series.sizeOffScale] : [])] : [];
  return [series.x, ...outcomes.map((o) => series.durationByOutcome[o]), series.queued, series.tests, series.coverage, ...marks, ...sizes];
}

/** The hovered build, named beside the pointer; the text is the model's, set as text. */
function showTooltip(u: uPlot): void {
  const row = u.cursor.idx === null || u.cursor.idx === undefined ? undefined : model.rows[u.cursor.idx];
  if (!row || u.cursor.left === undefined || u.cursor.left < 0) {
    tooltip.hidden = true;
    return;
  }
  tooltip.textContent = row.hover;
  tooltip.hidden = false;
  const over = u.over.getBoundingClientRect();
  const left = Math.min(over.left + u.cursor.left + 12, window.innerWidth - tooltip.offsetWidth - 8);
  tooltip.style.left = `${Math.max(left, 4) + window.scrollX}px`;
  tooltip.style.top = `${over.top + (u.cursor.top ?? 0) + 12 + window.scrollY}px`;
}

/** Draws the chart anew (colours are read once per drawing) and tells the extension when it is on screen. */
function draw(): void {
  chart?.destroy();
  chart = undefined;
  if (model.rows.length > 0) {
    const drawn = new uPlot(options(), data(), chartBox);
    drawn.over.addEventListener('click', () => select(drawn.cursor.idx));
    chart = drawn;
  }
  announcePaint();
}

function announcePaint(): void {
  requestAnimationFrame(() => vscodeApi.postMessage({ type: 'painted', rows: model.rows.length, ms: performance.now() }));
}

function showTable(table: boolean): void {
  tableBox.hidden = !table;
  chartBox.hidden = table;
  tooltip.hidden = true;
  toggle.textContent = table ? model.texts.showChart : model.texts.showTable;
  if (!table) draw(); // drawn at the size the chart has now
}

function start(): void {
  const style = document.createElement('style');
  style.setAttribute('nonce', nonce);
  style.textContent = uplotCss + pageCss;
  document.head.appendChild(style);
  element('title').textContent = model.texts.title;
  element('hint').textContent = model.rows.length ? model.texts.clickHint : model.texts.empty;
  chartBox.setAttribute('aria-label', model.summary);
  tableBox.appendChild(historyTable(model, (id) => vscodeApi.postMessage({ type: 'select', id })));
  toggle.addEventListener('click', () => showTable(tableBox.hidden));
  showTable(false);

  let pending = 0;
  const redraw = (resizeOnly: boolean): void => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      if (chartBox.hidden) return;
      if (resizeOnly && chart) {
        chart.setSize(chartSize());
        announcePaint();
      } else draw();
    });
  };
  new ResizeObserver(() => redraw(true)).observe(chartBox);
  // VS Code swaps the body's theme class and the root's variables when the colour theme changes.
  const themeWatch = new MutationObserver(() => redraw(false));
  themeWatch.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
}

start();
