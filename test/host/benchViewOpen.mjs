// What a user waits for when opening the Apps view: from the click on the Build Service icon to the
// apps' rows, in cold windows of the real workbench (a fresh host each), ours alternating with a
// minimal extension that does only that (test/bench/viewExtension/): the median of each, and the
// ratio against its budget. Timings: reported, not gated. The reference service (200 apps) runs in a
// process of its own on 127.0.0.1. Run by benchHost.mjs; the entry is test/integration/bench/viewOpen.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { benchEntry, runInFreshHost } from './benchRun.mjs';
import { projectRoot } from './layout.mjs';

const minimalExtension = path.join(projectRoot, 'test', 'bench', 'viewExtension');
const APPS = 200;
const RATIO_BUDGET = 1.3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** `npm run service` with 200 apps; resolves once it prints its address and token. */
function startService() {
  const child = spawn(process.execPath, [path.join(projectRoot, 'out', 'test', 'service', 'main.js'), '--apps', String(APPS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the reference service ended (exit code ${code}) before it said where it runs`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const baseUrl = /Base URL:\s+(\S+)/.exec(output)?.[1];
      const token = /Token:\s+(\S+)/.exec(output)?.[1];
      if (baseUrl && token) resolve({ baseUrl, token, stop: () => child.kill() });
    });
  });
}

/** @returns {Promise<{ rows: object[], problems: string[] }>} rows in test/bench/report.ts's Row shape */
export async function viewOpenRows(runs = Number(process.env.BUILD_SERVICE_BENCH_RUNS) || 7) {
  const entry = benchEntry('bench/viewOpen');
  const service = await startService();
  const ours = [];
  const minimal = [];
  try {
    const env = { BUILD_SERVICE_BENCH_SERVICE_URL: service.baseUrl, BUILD_SERVICE_BENCH_SERVICE_TOKEN: service.token };
    for (let i = 0; i < runs; i++) {
      const result = await runInFreshHost(entry, `view-open-${i}`, projectRoot, env);
      if (result) ours.push(result.viewOpenMs);
      const baseline = await runInFreshHost(entry, `view-open-minimal-${i}`, minimalExtension, env);
      if (baseline) minimal.push(baseline.viewOpenMs);
    }
  } finally {
    service.stop();
  }
  if (ours.length === 0 || minimal.length === 0)
    return { rows: [], problems: ['the view-open bench measured nothing for one of the two extensions'] };
  const problems =
    ours.length < runs || minimal.length < runs ? [`view open: ${ours.length} and ${minimal.length} of ${runs} windows measured`] : [];
  const subject = median(ours);
  const baseline = median(minimal);
  const list = (values) => values.map((t) => t.toFixed(0)).join(', ');
  return {
    rows: [
      {
        figure: `click on the Build Service icon to the apps' rows in the Apps view (${APPS} apps, service on 127.0.0.1), cold windows, median of ${ours.length} (${list(ours)} ms; the minimal one ${list(minimal)} ms)`,
        value: ms(subject),
        baseline: `${ms(baseline)} (a minimal extension: token from SecretStorage, one undici request, JSON.parse, a TreeView)`,
        ratio: subject / baseline,
        budget: `≤ ${RATIO_BUDGET.toFixed(2)}x`,
        pass: subject / baseline <= RATIO_BUDGET,
        gated: false,
      },
    ],
    problems,
  };
}
