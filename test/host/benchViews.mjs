// The views measured in the real host, in one fresh host: the Apps view's tree items, 10,000 apps
// against plain TreeItems (time and heap, reported); the Build History chart of 100 builds from the
// panel's open to its first paint, beside an empty panel's. Run by benchHost.mjs; the entry is test/integration/benchViews.ts,
// the steps are in test/integration/bench/. The views' request counts are asserted by the integration
// suite (test/integration/suite/requests.counts.test.ts), no longer measured here.
import { benchEntry, runInFreshHost } from './benchRun.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** Our items may cost at most this much more than plain TreeItems with the same label, id, icon and tooltip. */
const TREE_ITEMS_BUDGET = 1.5;

function treeItemRows(t) {
  const provider = median(t.providerMs);
  const plain = median(t.plainMs);
  const providerBytes = median(t.providerBytes);
  const plainBytes = median(t.plainBytes);
  const apps = t.apps.toLocaleString('en-US');
  return [
    {
      figure: `Apps view, ${apps} apps: getChildren + getTreeItem of each (apps already fetched), median of ${t.providerMs.length}`,
      value: ms(provider),
      baseline: `${ms(plain)} (${apps} vscode.TreeItem built directly)`,
      ratio: provider / plain,
      budget: `≤ ${TREE_ITEMS_BUDGET.toFixed(2)}x`,
      pass: provider / plain <= TREE_ITEMS_BUDGET,
      gated: false,
    },
    {
      figure: 'of which getChildren (a node per app, sorted by name), median',
      value: ms(median(t.childrenMs)),
      baseline: '',
      budget: '',
      gated: false,
    },
    {
      figure: `heap those ${apps} items keep alive, median of ${t.providerBytes.length}: ${t.heapReading}`,
      value: mib(providerBytes),
      baseline: `${mib(plainBytes)} (the plain TreeItems)`,
      ratio: providerBytes / plainBytes,
      budget: '',
      gated: false,
    },
  ];
}

function historyChartRows(h) {
  const chart = median(h.chartMs);
  const empty = median(h.emptyMs);
  const list = (values) => values.map((t) => t.toFixed(0)).join(', ');
  return [
    {
      figure: `Build History panel, ${h.builds} builds: from the page handed to the webview to its first paint, median of ${h.chartMs.length} new panels (${list(h.chartMs)} ms; empty ${list(h.emptyMs)} ms)`,
      value: ms(chart),
      baseline: `${ms(empty)} (the same panel with no builds: no chart drawn)`,
      ratio: chart / empty,
      budget: '',
      gated: false,
    },
  ];
}

/** @returns {Promise<{ rows: object[], problems: string[] }>} rows in test/bench/report.ts's Row shape */
export async function viewRows() {
  const f = await runInFreshHost(benchEntry('benchViews'), 'views');
  if (!f) return { rows: [], problems: ['the views bench measured nothing'] };
  const problems = f.failures.map((failure) => `views bench step failed: ${failure}`);
  if (!f.treeItems) problems.push('the tree items were not measured');
  if (!f.historyChart) problems.push('the history chart was not measured');
  const rows = [...(f.treeItems ? treeItemRows(f.treeItems) : []), ...(f.historyChart ? historyChartRows(f.historyChart) : [])];
  return { rows, problems };
}
