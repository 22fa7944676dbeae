// What a user waits for at window open and at the first click, in fresh windows of the real workbench
// (a fresh host each), three kinds of window in turn: ours (activated with the window), the minimal
// view extension (test/bench/viewExtension/, activated by the click) and the empty one
// (test/bench/emptyExtension/, activated with the window). Every window has the service address in
// its user settings and the token in its environment before it opens. Rows:
//  - click to rows: from the click on the Build Service icon to the Apps view's rows, ours (which listed
//    the apps at startup) against the minimal extension;
//  - workbench startup: the window's navigation to a mark the workbench records, ours against the empty one;
//  - our activation with the window (the extension host's marks), and that nothing was sent before
//    activate() returned (gated).
// Timings are reported, not gated. The reference service (200 apps) runs in a process of its own on
// 127.0.0.1. Run by benchHost.mjs; the entry is test/integration/bench/window.ts.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchEntry, runInFreshHost } from './benchRun.mjs';
import { projectRoot, resultsDir, testCacheDir } from './layout.mjs';

const extensions = {
  ours: projectRoot,
  minimal: path.join(projectRoot, 'test', 'bench', 'viewExtension'),
  empty: path.join(projectRoot, 'test', 'bench', 'emptyExtension'),
};
const APPS = 200;
const CLICK_BUDGET = 1.0;
const STARTUP_BUDGET = 1.05;
const ACTIVATION_BUDGET_MS = 20;
/** The startup row's mark; the others are printed beside it. */
const STARTUP_MARK = 'code/didResolveExplorer';
const OTHER_MARKS = ['code/LifecyclePhase/Restored', 'code/didLoadExtensions', 'code/LifecyclePhase/Eventually'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const list = (values) => values.map((t) => t.toFixed(0)).join(', ');

/**
 * `npm run service` with 200 apps (or `args`); each request it answers goes to `requestsFile` as a JSON
 * line with Date.now().
 */
export function startService(requestsFile, args = ['--apps', String(APPS)], env = {}) {
  const child = spawn(process.execPath, [path.join(projectRoot, 'out', 'test', 'service', 'main.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let pending = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the reference service ended (exit code ${code}) before it said where it runs`)));
    child.stdout.on('data', (chunk) => {
      const at = Date.now();
      output += chunk;
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // main.ts logs "HH:MM:SS.mmm METHOD /v1/... → status" once it has answered.
        const request = /^\d\d:\d\d:\d\d\.\d{3} (\S+) (\S+) → (\S+)$/.exec(line);
        if (request) appendFileSync(requestsFile, `${JSON.stringify({ at, method: request[1], url: request[2], status: request[3] })}\n`);
      }
      const baseUrl = /Base URL:\s+(\S+)/.exec(output)?.[1];
      const token = /Token:\s+(\S+)/.exec(output)?.[1];
      if (baseUrl && token) resolve({ baseUrl, token, stop: () => child.kill() });
    });
  });
}

/**
 * A folder with a few files, so that the Explorer has rows to draw at startup. With Git (the
 * BUILD_SERVICE_BENCH_GIT=1 variant) it is a repository on a branch, so that Current Branch loads at
 * startup too; no app of the service builds it.
 */
function benchWorkspace(withGit) {
  const dir = path.join(testCacheDir, withGit ? 'bench-repository' : 'bench-workspace');
  if (!existsSync(dir)) {
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'README.md'), '# A workspace for the window bench\n');
    for (let i = 1; i <= 12; i++) writeFileSync(path.join(dir, 'src', `module${i}.ts`), `export const value${i} = ${i};\n`);
    if (withGit) {
      const git = (...args) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
      git('init', '-q', '-b', 'feature/bench');
      git('add', '.');
      git('-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', 'commit', '-qm', 'The bench workspace');
      git('remote', 'add', 'origin', 'git@github.com:myorg/bench-workspace.git');
    }
  }
  return dir;
}

/** @returns {Promise<{ rows: object[], problems: string[] }>} rows in test/bench/report.ts's Row shape */
export async function windowRows(runs = Number(process.env.BUILD_SERVICE_BENCH_RUNS) || 7) {
  const entry = benchEntry('bench/window');
  const requestsFile = path.join(resultsDir, 'bench-service-requests.jsonl');
  writeFileSync(requestsFile, '');
  const service = await startService(requestsFile);
  const withGit = process.env.BUILD_SERVICE_BENCH_GIT === '1';
  const workspace = benchWorkspace(withGit);
  const results = { ours: [], minimal: [], empty: [] };
  const problems = [];
  try {
    const env = {
      BUILD_SERVICE_TOKEN: service.token,
      BUILD_SERVICE_URL: service.baseUrl,
      BUILD_SERVICE_BENCH_REQUESTS: requestsFile,
    };
    const settings = { 'buildService.baseUrl': service.baseUrl, ...(withGit ? { 'git.enabled': true } : {}) };
    const kinds = Object.keys(extensions);
    for (let i = 0; i < runs; i++) {
      // Each kind takes each place in turn, so that none always follows the same one.
      for (const kind of [...kinds.slice(i % kinds.length), ...kinds.slice(0, i % kinds.length)]) {
        writeFileSync(requestsFile, '');
        const result = await runInFreshHost(entry, `window-${kind}-${i}`, extensions[kind], {
          env: { ...env, BUILD_SERVICE_BENCH_WINDOW: kind },
          settings,
          workspace,
        });
        if (result) results[kind].push(result);
      }
    }
  } finally {
    service.stop();
  }
  for (const kind of Object.keys(extensions)) {
    if (results[kind].length < runs) problems.push(`windows: ${results[kind].length} of ${runs} ${kind} windows measured`);
  }
  const setup = withGit ? 'Git on, the folder a repository no app builds' : 'Git off';
  const rows = [
    ...clickRows(results.ours, results.minimal, setup),
    ...startupRows(results, setup),
    ...activationRows(results.ours, results.empty),
  ];
  return { rows, problems };
}

function clickRows(ours, minimal, setup) {
  if (ours.length === 0 || minimal.length === 0) return [];
  const subject = median(ours.map((r) => r.click.ms));
  const baseline = median(minimal.map((r) => r.click.ms));
  const since = (r, at) => at - r.timeOrigin;
  const apps = ours.map((r) => r.requests.find((q) => q.method === 'GET' && /\/apps(\?|$)/.test(q.url)));
  const before = ours.map((r) => r.requests.filter((q) => q.at <= r.click.clickedAt).length);
  return [
    {
      figure:
        `click on the Build Service icon to the apps' rows in the Apps view (${APPS} apps, service on 127.0.0.1, ${setup}), ours started with the window ` +
        `and clicked once the service had answered its GET /apps and been quiet 1 s, median of ${ours.length} ` +
        `(${list(ours.map((r) => r.click.ms))} ms; the minimal one ${list(minimal.map((r) => r.click.ms))} ms)`,
      value: ms(subject),
      baseline: `${ms(baseline)} (a minimal extension activated by the click: token, one undici request, JSON.parse, a TreeView)`,
      ratio: subject / baseline,
      budget: `≤ ${CLICK_BUDGET.toFixed(2)}x`,
      pass: subject / baseline <= CLICK_BUDGET,
      gated: false,
    },
    {
      figure:
        'of which before the click, ours, median ms after the window opened: activated / GET /apps answered / clicked ' +
        `(the minimal one clicked at ${ms(median(minimal.map((r) => since(r, r.click.clickedAt))))}); requests before the click`,
      value:
        [
          median(ours.map((r) => since(r, r.activation.didActivateExtension))),
          median(apps.map((q, i) => (q ? since(ours[i], q.at) : NaN))),
          median(ours.map((r) => since(r, r.click.clickedAt))),
        ]
          .map((t) => t.toFixed(0))
          .join(' / ') + ` ms; ${list(before)}`,
      baseline: '',
      budget: '',
      gated: false,
    },
  ];
}

function startupRows({ ours, minimal, empty }, setup) {
  if (ours.length === 0 || empty.length === 0) return [];
  const at = (results, mark) => results.map((r) => r.startup[mark]).filter((t) => typeof t === 'number');
  const subject = median(at(ours, STARTUP_MARK));
  const baseline = median(at(empty, STARTUP_MARK));
  return [
    {
      figure: `workbench startup: the window's navigation to ${STARTUP_MARK} (the Explorer's files listed), ours installed with an account set (${setup}), median of ${at(ours, STARTUP_MARK).length} (${list(at(ours, STARTUP_MARK))} ms; the empty one ${list(at(empty, STARTUP_MARK))} ms)`,
      value: ms(subject),
      baseline: `${ms(baseline)} (an extension that contributes one setting and does nothing when activated with the window, the same settings and environment)`,
      ratio: subject / baseline,
      budget: `≤ ${STARTUP_BUDGET.toFixed(2)}x`,
      pass: subject / baseline <= STARTUP_BUDGET,
      gated: false,
    },
    ...OTHER_MARKS.map((mark) => ({
      figure: `of which: to ${mark}, median (the minimal view extension: ${minimal.length > 0 ? ms(median(at(minimal, mark))) : 'not measured'})`,
      value: ms(median(at(ours, mark))),
      baseline: ms(median(at(empty, mark))),
      ratio: median(at(ours, mark)) / median(at(empty, mark)),
      budget: '',
      gated: false,
    })),
  ];
}

/** VS Code's marks in the extension host are Date.now(): whole milliseconds. */
function activationRows(ours, empty) {
  const timed = ours.filter((r) => r.activation.didActivateExtension !== undefined);
  if (timed.length === 0) return [];
  const part = (r, from, to) => r.activation[to] - r.activation[from];
  const loadMs = timed.map((r) => part(r, 'willLoadExtensionCode', 'didLoadExtensionCode'));
  const activateMs = timed.map((r) => part(r, 'willActivateExtension', 'didActivateExtension'));
  const totalMs = timed.map((r) => part(r, 'willLoadExtensionCode', 'didActivateExtension'));
  const emptyTimed = empty.filter((r) => r.activation.didActivateExtension !== undefined);
  const emptyMs = emptyTimed.map((r) => part(r, 'willLoadExtensionCode', 'didActivateExtension'));
  const early = ours.map((r) => r.requests.filter((q) => q.at < r.activation.didActivateExtension).length);
  return [
    {
      figure: `our activation with the window, from loading dist/extension.js to activate() returned (the extension host's marks, whole ms), median of ${timed.length} (${list(totalMs)} ms)`,
      value: ms(median(totalMs)),
      baseline: emptyMs.length > 0 ? `${ms(median(emptyMs))} (the empty extension, activated with the window the same way)` : '',
      ratio: emptyMs.length > 0 ? median(totalMs) / median(emptyMs) : undefined,
      budget: `≤ ${ms(ACTIVATION_BUDGET_MS)}`,
      pass: median(totalMs) <= ACTIVATION_BUDGET_MS,
      gated: false,
    },
    {
      figure: 'of which loading dist/extension.js / activate(), median',
      value: `${ms(median(loadMs))} / ${ms(median(activateMs))}`,
      baseline: '',
      budget: '',
      gated: false,
    },
    {
      figure: 'requests the service answered before our activate() returned',
      value: String(early.reduce((a, b) => a + b, 0)),
      baseline: '',
      budget: '0',
      pass: early.every((n) => n === 0),
      gated: true,
    },
  ];
}
