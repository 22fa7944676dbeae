// A request on VS Code's route in the real extension host, where globalThis.fetch is VS Code's: 20
// sequential getBuild over https, against the host's fetch itself, and our own route likewise, on each
// VS Code version we test (BUILD_SERVICE_BENCH_HOSTS, default oldest,newest), a fresh host each. The
// plain-Node rows of `npm run bench` stand Node's fetch in for the host's; these are the host's own.
// Reported, not gated. The entry is test/integration/bench/route.ts.
import { benchEntry, runInFreshHost, runInstalledBench } from './benchRun.mjs';
import { hostNamed } from './layout.mjs';

const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** @returns {Promise<{ rows: object[], problems: string[] }>} rows in test/bench/report.ts's Row shape */
export async function routeRows() {
  const entry = benchEntry('bench/route');
  const rows = [];
  const problems = [];
  const before = process.env.BUILD_SERVICE_TEST_HOST;
  try {
    for (const name of (process.env.BUILD_SERVICE_BENCH_HOSTS || 'oldest,newest').split(',')) {
      const { vscode } = hostNamed(name);
      process.env.BUILD_SERVICE_TEST_HOST = name;
      // VS Code 1.139's web build runs only installed extensions: there the bench is a suite of runInstalled.mjs.
      const r = name === 'oldest' ? await runInFreshHost(entry, `route-${name}`) : await runInstalledBench(name, 'route', `route-${name}`);
      if (!r) {
        problems.push(`route bench on VS Code ${vscode} measured nothing`);
        continue;
      }
      for (const [key, what] of [
        ['vscode', "VS Code's route (the host's fetch)"],
        ['own', 'our own route (undici)'],
      ]) {
        if (r[`${key}Error`]) problems.push(`route bench on VS Code ${vscode}, ${what}: ${r[`${key}Error`]}`);
        if (!r[key]) continue;
        rows.push({
          figure: `in the host, VS Code ${vscode}: ${r.requests} sequential getBuild over https on ${what}, alternating, median of ${r.runs}`,
          value: ms(r[key].subjectMs),
          baseline: `${ms(r[key].baselineMs)} (the host's fetch + JSON.parse, no client of ours)`,
          ratio: r[key].subjectMs / r[key].baselineMs,
          budget: '',
          gated: false,
        });
      }
      if (r.vscode && r.own)
        rows.push({
          figure: `in the host, VS Code ${vscode}: VS Code's route against our own route, the same requests`,
          value: ms(r.vscode.subjectMs),
          baseline: `${ms(r.own.subjectMs)} (our own route)`,
          ratio: r.vscode.subjectMs / r.own.subjectMs,
          budget: '',
          gated: false,
        });
    }
  } finally {
    if (before === undefined) delete process.env.BUILD_SERVICE_TEST_HOST;
    else process.env.BUILD_SERVICE_TEST_HOST = before;
  }
  return { rows, problems };
}
