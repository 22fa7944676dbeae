// The views measured in the real host, in one fresh host: requests counted by the reference service
// (a refresh with N apps expanded, two refreshes at once, idle, unfocused; the Current Branch view
// looking for new builds for ten minutes of its schedule, focused and not; exact, gated) and
// tree items for 10,000 apps against plain TreeItems (time and heap, reported). Run by benchHost.mjs;
// the entry is test/integration/benchViews.ts, the steps are in test/integration/bench/.
import { benchEntry, runInFreshHost } from './benchRun.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** An exact count: at most `max` (or at least `min`), gated. */
function countRow(figure, value, { max, min }) {
  const budget = max === 0 ? '0' : max !== undefined ? `≤ ${max}` : `≥ ${min}`;
  const pass = (max === undefined || value <= max) && (min === undefined || value >= min);
  return { figure, value: String(value), baseline: '', budget, pass, gated: true };
}

const split = (c) => `GET /apps ${c.appLists}, build lists ${c.buildLists}, build polls ${c.buildPolls}`;

function requestRows(f) {
  const rows = [];
  if (f.twoRefreshes) {
    rows.push(
      countRow(`two refreshes at once, nothing expanded: GET /apps (requests in all: ${f.twoRefreshes.total})`, f.twoRefreshes.appLists, {
        max: 1,
      }),
    );
  }
  for (const [n, count] of Object.entries(f.refreshExpanded)) {
    rows.push(
      countRow(`a refresh with ${n} apps expanded in the Apps view, polling off: requests (${split(count)})`, count.total, {
        max: Number(n) + 1,
      }),
    );
  }
  if (f.twoRefreshesExpanded) {
    const c = f.twoRefreshesExpanded;
    rows.push(countRow(`two refreshes at once, ${c.expanded} apps expanded: requests (${split(c)})`, c.total, { max: c.expanded + 1 }));
  }
  if (f.idle) {
    rows.push(
      countRow(
        `idle ${f.idle.seconds} s, Apps view open, ${f.idle.expanded} apps expanded, every build shown finished, polling on: requests`,
        f.idle.total,
        { max: 0 },
      ),
    );
  }
  if (f.unfocused) {
    const u = f.unfocused;
    rows.push(
      countRow(
        `window unfocused ${u.seconds} s (another browser tab in front), ${u.followed} unfinished builds followed, polling on: requests`,
        u.total,
        { max: 0 },
      ),
    );
    rows.push(
      countRow('the same window focused again: requests following them within 2 s (the zero above was a pause)', u.pollsAfterFocus, {
        min: 1,
      }),
    );
  }
  if (f.branchWatch) {
    const w = f.branchWatch;
    const how = `the real poller in the host, its schedule at 1/${Math.round(1 / w.scale)} time scale: ${w.minutes} min in ${(w.minutes * 60 * w.scale).toFixed(0)} s`;
    rows.push(
      countRow(
        `Current Branch, ${w.apps} matching apps, nothing of the branch running, window focused: requests in ${w.minutes} minutes (${split(w.focused)}), ${how}`,
        w.focused.total,
        { max: w.apps * w.minutes },
      ),
    );
    if (w.unfocused) {
      rows.push(countRow(`the same, window in the background: requests in ${w.minutes} minutes, ${how}`, w.unfocused.total, { max: 0 }));
    }
  }
  if (f.followLists) {
    const l = f.followLists;
    rows.push(
      countRow(
        `following ${l.followed} unfinished builds of ${l.apps} apps, polling on: requests per poll, on average over ${l.polls} polls, rounded up (${split(l)}; ${l.total} in all)`,
        l.polls > 0 ? Math.ceil(l.total / l.polls) : Infinity,
        { max: 2 * l.apps },
      ),
    );
  }
  if (f.branchFill) {
    const b = f.branchFill;
    rows.push(
      countRow(
        `Current Branch, ${b.apps} apps, ${b.matched} building the repository, a window new to the address: requests to fill it`,
        b.cold.total,
        { max: b.apps + b.matched + 1 },
      ),
    );
    rows.push(
      countRow(`the same, a window that knows the apps' repositories (globalState): requests to fill it`, b.warm.total, {
        max: b.matched + 1,
      }),
    );
  }
  return rows;
}

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

/** @returns {Promise<{ rows: object[], problems: string[] }>} rows in test/bench/report.ts's Row shape */
export async function viewRows() {
  const f = await runInFreshHost(benchEntry('benchViews'), 'views');
  if (!f) return { rows: [], problems: ['the views bench measured nothing'] };
  const problems = f.failures.map((failure) => `views bench step failed: ${failure}`);
  if (f.unfocusedNotMeasured) console.log(`Not measured: requests while unfocused (${f.unfocusedNotMeasured}).`);
  if (f.branchUnfocusedNotMeasured)
    console.log(`Not measured: Current Branch requests in the background (${f.branchUnfocusedNotMeasured}).`);
  return { rows: [...requestRows(f), ...(f.treeItems ? treeItemRows(f.treeItems) : [])], problems };
}
