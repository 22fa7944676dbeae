// Issue 47's trial, `npm run bench:trial`: each hostile input taken in as a user meets it, in
// one fresh host opening the integration suites' window (integrationWorkspace.mjs). The host suites
// that seed each input and assert what the user sees run there (the entry, test/integration/benchTrial.ts,
// names them); while each runs, a command is asked every 100 ms and the host's memory read. Per input:
// the longest a command waited, the event loop's longest delay, the host's memory growth (resident set
// over the input's start and over the trial's start; heap over the input's start) and the message the
// user saw. The budgets (a command answered within 1 s, memory within 300 MiB of the start) are
// printed PASS/OVER, not gated, like every timing of the bench; a test that failed, or an input not
// measured, exits 1. BUILD_SERVICE_TRIAL_PROFILE=<folder>: a CPU profile of the host per input there;
// BUILD_SERVICE_TRIAL_ONLY=<text>[,<text>…]: only the inputs whose name holds one of them.
import { benchEntry, runInFreshHost } from './benchRun.mjs';
import { integrationWorkspace } from './integrationWorkspace.mjs';

const WAIT_BUDGET_MS = 1_000;
const MEMORY_BUDGET_MIB = 300;

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const mib = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(0)} MiB`;

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** Runs the trial; prints its table, and returns the problems (a test that failed, an input not measured). */
export async function runTrial() {
  const env = Object.fromEntries(
    ['BUILD_SERVICE_TRIAL_PROFILE', 'BUILD_SERVICE_TRIAL_ONLY'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  const f = await runInFreshHost(benchEntry('benchTrial'), 'trial', undefined, { env, workspace: integrationWorkspace() });
  if (!f) return ['the trial measured nothing'];
  const problems = f.failures.map((failure) => `trial step failed: ${failure}`);
  const held = (m) => `resident set ${(m.rss / 1024 / 1024).toFixed(0)} MiB, heap ${(m.heapUsed / 1024 / 1024).toFixed(0)} MiB`;
  console.log(`The extension host at the trial's start, after a full collection: ${held(f.start)}`);
  if (f.end) console.log(`… and after the last input: ${held(f.end)}`);
  console.log('Each input starts after a full collection; its memory growth is the peak over that start.\n');
  console.log(
    `| Input | Longest command wait (commands asked; when, after the input's start) | Event loop's longest delay | Resident set: over the input's start / the trial's start | Heap over the input's start | The user saw | Verdict (≤ ${ms(WAIT_BUDGET_MS)}, ≤ ${MEMORY_BUDGET_MIB} MiB over the input's start; not gated) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const i of f.inputs) {
    if (i.state !== 'passed') problems.push(`trial: "${i.input}" ${i.state}`);
    const pass = i.longestWaitMs <= WAIT_BUDGET_MS && i.rssGrowthMiB <= MEMORY_BUDGET_MIB;
    const cells = [
      i.input,
      `${ms(i.longestWaitMs)} (${i.asked}; the longest at ${(i.longestAtMs / 1000).toFixed(1)} s)`,
      ms(i.loopDelayMs),
      `${mib(i.rssGrowthMiB)} / ${mib(i.rssOverStartMiB)}`,
      mib(i.heapGrowthMiB),
      i.said ?? '(none recorded)',
      `${pass ? 'PASS' : 'OVER'}${i.state === 'passed' ? '' : ` (the test ${i.state})`}`,
    ];
    console.log(`| ${cells.map(cell).join(' | ')} |`);
  }
  const measured = new Set(f.inputs.map((i) => i.input));
  for (const input of f.expected.filter((e) => !measured.has(e))) problems.push(`trial: "${input}" not measured`);
  return problems;
}
