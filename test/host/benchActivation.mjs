// The extension's activation measured in the real host, once per fresh host, several hosts in a row
// (BUILD_SERVICE_BENCH_RUNS, default 7): the median beside the budget, and whether activation loaded
// a bundle meant for first use (HTTP, QR) or sent a request (both must not happen: those rows are
// exact and gated). The timing is reported, not gated. Its baseline is an extension that does nothing
// (test/bench/emptyExtension/), activated the same way in hosts alternating with ours: what VS Code
// spends on any extension. The timed windows are a user's later windows: they share user data with a
// first window, run before them, that saved the code cache (whose own figure is reported too). Run by
// benchHost.mjs; the entry is test/integration/activationBench.ts.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { benchEntry, runInFreshHost } from './benchRun.mjs';
import { projectRoot, resultsDir } from './layout.mjs';

const emptyExtension = path.join(projectRoot, 'test', 'bench', 'emptyExtension');

const BUDGET_MS = 15;
/** At most this many times what VS Code spends on an extension that does nothing, in the same run. */
const RATIO_BUDGET = 2.0;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** @returns {Promise<{ rows: object[], problems: string[] }>} rows in test/bench/report.ts's Row shape */
export async function activationRows(runs = Number(process.env.BUILD_SERVICE_BENCH_RUNS) || 7) {
  const entry = benchEntry('activationBench');
  const userData = path.join(resultsDir, 'activation-user-data');
  rmSync(userData, { recursive: true, force: true });
  const shared = { BUILD_SERVICE_HOST_USER_DATA: userData };
  const first = await runInFreshHost(entry, 'activation-first', projectRoot, { ...shared, BUILD_SERVICE_BENCH_PRIME: '1' });
  const results = [];
  const baselines = [];
  for (let i = 0; i < runs; i++) {
    const result = await runInFreshHost(entry, `activation-${i}`, projectRoot, shared);
    if (result) results.push(result);
    const baseline = await runInFreshHost(entry, `activation-empty-${i}`, emptyExtension);
    if (baseline) baselines.push(baseline.activationMs);
  }
  if (results.length === 0) return { rows: [], problems: ['no activation was measured'] };
  const problems = results.length < runs ? [`${runs - results.length} of ${runs} activation runs measured nothing`] : [];
  if (!first) problems.push('the first window (which saves the code cache) measured nothing');
  if (baselines.length === 0) problems.push('the empty extension was never measured');
  const times = results.map((r) => r.activationMs).sort((a, b) => a - b);
  const activation = median(times);
  const emptyExtensionMs = baselines.length > 0 ? median(baselines) : undefined;
  const load = median(results.map((r) => r.loadMs));
  const activateCall = median(results.map((r) => r.activateCallMs));
  const empty = median(results.map((r) => r.emptyMs));
  const loaded = results.filter((r) => r.lazyBundlesLoaded.length > 0).length;
  const loadedNames = [...new Set(results.flatMap((r) => r.lazyBundlesLoaded))];
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const fromCache = results.filter((r) => r.compiled === 'from-cache').length;
  const rows = [
    {
      figure: `activation in the host, a later window (code cache saved by the first), median of ${results.length} (${times.map((t) => t.toFixed(1)).join(', ')} ms)`,
      value: ms(activation),
      baseline: emptyExtensionMs === undefined ? '' : `${ms(emptyExtensionMs)} (an extension that does nothing, activated the same way)`,
      ratio: emptyExtensionMs === undefined ? undefined : activation / emptyExtensionMs,
      budget: `≤ ${ms(BUDGET_MS)} and ≤ ${RATIO_BUDGET.toFixed(1)}x`,
      pass: activation <= BUDGET_MS && (emptyExtensionMs === undefined || activation / emptyExtensionMs <= RATIO_BUDGET),
      gated: false,
    },
    {
      // VS Code's own figure for an extension ("Activation: N ms" in Developer: Show Running Extensions
      // and on the extension's page) is exactly these two parts: codeLoadingTime + activateCallTime.
      figure: 'activation as VS Code reports it (Show Running Extensions: loading + activate()), median',
      value: ms(median(results.map((r) => r.loadMs + r.activateCallMs))),
      baseline: '',
      budget: '',
      gated: false,
    },
    {
      figure: 'activation in the host, the first window after an install or update (no code cache yet), 1 run',
      value: first ? ms(first.activationMs) : 'not measured',
      baseline: emptyExtensionMs === undefined ? '' : ms(emptyExtensionMs),
      ratio: first && emptyExtensionMs !== undefined ? first.activationMs / emptyExtensionMs : undefined,
      budget: '',
      gated: false,
    },
    {
      figure: 'later windows that compiled dist/extension.js from the code cache',
      value: `${fromCache} of ${results.length}`,
      baseline: '',
      budget: `${results.length} of ${results.length}`,
      pass: fromCache === results.length,
      gated: true,
    },
    {
      figure: 'of which loading dist/start.js, median',
      value: ms(load),
      baseline: `${ms(empty)} (an empty module)`,
      ratio: load / empty,
      budget: '',
      gated: false,
    },
    {
      figure: 'of which activate() (runs dist/extension.js), median',
      value: ms(activateCall),
      baseline: '',
      budget: '',
      gated: false,
    },
    {
      figure: "of which VS Code's own work, median: before loading / waiting for the extension's context after loading / after activate()",
      value:
        ['beforeLoadMs', 'contextWaitMs', 'afterActivateMs'].map((key) => median(results.map((r) => r[key])).toFixed(2)).join(' / ') +
        ' ms',
      baseline: '',
      budget: '',
      gated: false,
    },
    {
      figure: `activations that loaded dist/libraries.js (undici, QR)${loadedNames.length > 0 ? ` (${loadedNames.join(', ')})` : ''}`,
      value: `${loaded} of ${results.length}`,
      baseline: '',
      budget: '0',
      pass: loaded === 0,
      gated: true,
    },
    {
      figure: 'requests sent while activating and 1 s after (views closed)',
      value: String(requests),
      baseline: '',
      budget: '0',
      pass: requests === 0,
      gated: true,
    },
  ];
  return { rows, problems };
}
