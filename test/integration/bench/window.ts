// The tests entry of the window bench (test/host/benchWindows.mjs), loaded by VS Code in a fresh window
// with ours, the minimal view extension or the empty one (BUILD_SERVICE_BENCH_WINDOW says which). The
// service address is in the user settings and the token in the environment before the window opens.
// Every window: the workbench's startup marks, read once startup has ended (LifecyclePhase Eventually).
// Ours, active with the window: once the service has answered its GET /apps and seen nothing more for
// a second, the click on the Build Service icon, timed to the Apps view's rows. The minimal one (active
// at the click): the same click, no earlier after the window opened than ours. The empty one, active
// with the window too: no click.
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../extension';
import * as ui from '../ui';
import { sleep } from '../wait';

/** Rows of the Apps view (a pane whose header is "Apps"): more than one screen's worth of apps is past this. */
const APP_ROWS = '.sidebar .pane:has(> .pane-header[aria-label^="Apps"]) .monaco-list-row';
const ROWS_SHOWN = 10;
const ICON = '.activitybar a.action-label[aria-label^="Build Service"]';
/** No click before this long after the window opened (navigation), in either extension's windows: ours is ready about then. */
const CLICK_AFTER_MS = 10_000;
/** Ours: the click waits until the service has seen no request for this long after answering GET /apps. */
const QUIET_MS = 1_000;
const STARTUP_END = 'code/LifecyclePhase/Eventually';

type Kind = 'ours' | 'minimal' | 'empty';

interface ServiceRequest {
  /** Date.now() when the service logged it, after answering. */
  at: number;
  method: string;
  url: string;
  status: string;
}

async function poll<T>(read: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

function serviceRequests(file: string): ServiceRequest[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ServiceRequest);
}

/** The extension host's marks of one extension (VS Code keeps them on the global object): Date.now() of each. */
function activationMarks(): Record<string, number> {
  const perf = (globalThis as { MonacoPerformanceMarks?: { getMarks(): { name: string; startTime: number }[] } }).MonacoPerformanceMarks;
  const suffix = `/${EXTENSION_ID}`;
  const marks: Record<string, number> = {};
  for (const { name, startTime } of perf?.getMarks() ?? []) {
    if (name.startsWith('code/extHost/') && name.endsWith(suffix)) marks[name.slice('code/extHost/'.length, -suffix.length)] = startTime;
  }
  return marks;
}

export async function run(): Promise<void> {
  const resultFile = process.env.BUILD_SERVICE_BENCH_RESULT;
  const requestsFile = process.env.BUILD_SERVICE_BENCH_REQUESTS;
  const kind = process.env.BUILD_SERVICE_BENCH_WINDOW as Kind | undefined;
  if (!resultFile || !requestsFile || !kind) throw new Error('BUILD_SERVICE_BENCH_RESULT, _REQUESTS and _WINDOW must be set');
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not loaded`);
  const activeAtTestStart = ext.isActive;
  if (vscode.workspace.getConfiguration('buildService').get('baseUrl') !== process.env.BUILD_SERVICE_URL)
    throw new Error("the service address was not in the user settings when the window opened (launcher.mjs's --user-settings)");

  const { timeOrigin, marks } = await poll(
    async () => {
      const read = await ui.performanceMarks();
      return read.marks.some((mark) => mark.name === STARTUP_END) ? read : undefined;
    },
    `the workbench's ${STARTUP_END}`,
    60_000,
  );
  const startup = Object.fromEntries(marks.filter((mark) => mark.name.startsWith('code/')).map((mark) => [mark.name, mark.startTime]));

  if (kind !== 'minimal')
    await poll(() => (ext.isActive ? true : undefined), 'the extension active with the window (onStartupFinished)', 30_000);
  if (kind === 'ours') {
    const answered = await poll(
      () => serviceRequests(requestsFile).find((r) => r.method === 'GET' && /\/apps(\?|$)/.test(r.url) && r.status === '200')?.at,
      'the service answered our GET /apps',
      30_000,
    );
    await poll(
      () => {
        const last = Math.max(answered, ...serviceRequests(requestsFile).map((r) => r.at));
        return Date.now() - last >= QUIET_MS ? true : undefined;
      },
      'the service quiet',
      30_000,
      100,
    );
  }

  let click: { ms: number; clickedAt: number; rows: string[] } | undefined;
  if (kind !== 'empty') {
    await sleep(timeOrigin + CLICK_AFTER_MS - Date.now());
    const { ms, clickedAt } = await ui.timeClickUntil(ICON, APP_ROWS, ROWS_SHOWN);
    click = { ms, clickedAt, rows: (await ui.texts(APP_ROWS)).slice(0, 3) };
  }

  writeFileSync(
    resultFile,
    JSON.stringify({
      kind,
      timeOrigin,
      startup,
      activeAtTestStart,
      click,
      activation: activationMarks(),
      requests: serviceRequests(requestsFile),
    }),
  );
}
