// The extension's activation measured in the real host, once per fresh host, several hosts in a row
// (BUILD_SERVICE_BENCH_RUNS, default 7): the median beside the budget, and whether activation loaded
// a bundle meant for first use (HTTP, QR) or sent a request (both must not happen: those rows are
// exact and gated). The timing is reported, not gated. Beside it, an extension that does nothing
// (test/bench/emptyExtension/), activated the same way in hosts alternating with ours: what VS Code
// spends on any extension. Run by benchHost.mjs; the entry is test/integration/activationBench.ts.
import path from 'node:path';
import { benchEntry, runInFreshHost } from './benchRun.mjs';
import { projectRoot } from './layout.mjs';

const emptyExtension = path.join(projectRoot, 'test', 'bench', 'emptyExtension');

const BUDGET_MS = 20;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** @returns {Promise<{ rows: object[], problems: string[] }>} rows in test/bench/report.ts's Row shape */
export async function activationRows(runs = Number(process.env.BUILD_SERVICE_BENCH_RUNS) || 7) {
  const entry = benchEntry('activationBench');
  const results = [];
  const baselines = [];
  for (let i = 0; i < runs; i++) {
    const result = await runInFreshHost(entry, `activation-${i}`, projectRoot);
    if (result) results.push(result);
    const baseline = await runInFreshHost(entry, `activation-empty-${i}`, emptyExtension);
    if (baseline) baselines.push(baseline.activationMs);
  }
  if (results.length === 0) return { rows: [], problems: ['no activation was measured'] };
  const problems = results.length < runs ? [`${runs - results.length} of ${runs} activation runs measured nothing`] : [];
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
  const rows = [
    {
      figure: `activation in the host, median of ${results.length} (${times.map((t) => t.toFixed(1)).join(', ')} ms)`,
      value: ms(activation),
      baseline: emptyExtensionMs === undefined ? '' : `${ms(emptyExtensionMs)} (an extension that does nothing, activated the same way)`,
      ratio: emptyExtensionMs === undefined ? undefined : activation / emptyExtensionMs,
      budget: `≤ ${ms(BUDGET_MS)}`,
      pass: activation <= BUDGET_MS,
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
      figure: 'of which loading dist/extension.js, median',
      value: ms(load),
      baseline: `${ms(empty)} (an empty module)`,
      ratio: load / empty,
      budget: '',
      gated: false,
    },
    {
      figure: 'of which activate(), median',
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
