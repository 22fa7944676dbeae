// Issue 47's trial, `npm run bench:trial`: each hostile input taken in as a user meets it, in a
// fresh host of its own opening the integration suites' window (integrationWorkspace.mjs), so that the
// host's memory is counted from its start for each input alone, as the issue's Done-when reads. The host
// suites that seed each input and assert what the user sees run there (test/integration/trial/inputs.ts
// names them); while each runs, a command is asked every 100 ms and the host's memory read. Per input:
// the longest a command waited, the event loop's longest delay, the host's memory growth (resident set
// over the input's start and over the host's start; heap over the input's start) and the message the
// user saw. The budgets (a command answered within 1 s, memory within 300 MiB of the host's start) are
// printed PASS/OVER, not gated, like every timing of the bench; a test that failed, or an input not
// measured, exits 1. BUILD_SERVICE_TRIAL_ONE_HOST=1: every input in one host, one after another (what
// the host keeps from the inputs before shows in "over the host's start");
// BUILD_SERVICE_TRIAL_PROFILE=<folder>: a CPU profile of the host per input there;
// BUILD_SERVICE_TRIAL_ONLY=<text>[,<text>…]: only the inputs whose name holds one of them.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { benchEntry, runInFreshHost } from './benchRun.mjs';
import { projectRoot } from './layout.mjs';
import { integrationWorkspace } from './integrationWorkspace.mjs';

const WAIT_BUDGET_MS = 1_000;
const MEMORY_BUDGET_MIB = 300;

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const mib = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(0)} MiB`;

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The trial's figures, each input in a host of its own, merged as one host's would be; undefined if none measured anything. */
async function eachInItsOwnHost(env) {
  const { INPUTS } = createRequire(import.meta.url)(path.join(projectRoot, 'out', 'test', 'integration', 'trial', 'inputs.js'));
  const only = env.BUILD_SERVICE_TRIAL_ONLY;
  const chosen = INPUTS.filter((i) => !only || only.split(',').some((part) => i.input.includes(part.trim())));
  const all = { inputs: [], failures: [], expected: chosen.map((i) => i.input), starts: [] };
  for (const { input } of chosen) {
    const f = await runInFreshHost(benchEntry('benchTrial'), 'trial', undefined, {
      env: { ...env, BUILD_SERVICE_TRIAL_INPUT: input },
      workspace: integrationWorkspace(),
    });
    if (!f) continue;
    all.inputs.push(...f.inputs);
    all.failures.push(...f.failures);
    all.starts.push(f.start);
  }
  return all.starts.length ? all : undefined;
}

/** Runs the trial; prints its table, and returns the problems (a test that failed, an input not measured). */
export async function runTrial() {
  const env = Object.fromEntries(
    ['BUILD_SERVICE_TRIAL_PROFILE', 'BUILD_SERVICE_TRIAL_ONLY'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
  const oneHost = process.env.BUILD_SERVICE_TRIAL_ONE_HOST === '1';
  const f = oneHost
    ? await runInFreshHost(benchEntry('benchTrial'), 'trial', undefined, { env, workspace: integrationWorkspace() })
    : await eachInItsOwnHost(env);
  if (!f) return ['the trial measured nothing'];
  const problems = f.failures.map((failure) => `trial step failed: ${failure}`);
  const held = (m) => `resident set ${(m.rss / 1024 / 1024).toFixed(0)} MiB, heap ${(m.heapUsed / 1024 / 1024).toFixed(0)} MiB`;
  if (oneHost) {
    console.log(`All inputs in one host. At the trial's start, after a full collection: ${held(f.start)}`);
    if (f.end) console.log(`… and after the last input: ${held(f.end)}`);
  } else {
    const rss = f.starts.map((m) => m.rss / 1024 / 1024);
    console.log(
      `Each input in a fresh host. The hosts at their start, after a full collection: resident set ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MiB`,
    );
  }
  console.log('Each input starts after a full collection; its memory growth is the peak over that start.\n');
  console.log(
    `| Input | Longest command wait (commands asked; when, after the input's start) | Event loop's longest delay | Resident set: over the input's start / the host's start | Heap over the input's start | The user saw | Verdict (≤ ${ms(WAIT_BUDGET_MS)}, ≤ ${MEMORY_BUDGET_MIB} MiB over the host's start; not gated) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const i of f.inputs) {
    if (i.state !== 'passed') problems.push(`trial: "${i.input}" ${i.state}`);
    const pass = i.longestWaitMs <= WAIT_BUDGET_MS && i.rssOverStartMiB <= MEMORY_BUDGET_MIB;
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
