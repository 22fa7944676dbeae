// The tests entry of the first-window bench (test/host/benchFirstWindow.mjs): a fresh profile (nothing
// known of which app builds which repository) opens a repository one of 200 apps builds, the service on
// https://127.0.0.1 with a certificate the machine's store trusts, so requests take VS Code's route.
// Measured in the extension host: how late a 10 ms timer fires (a stall: the thread was busy), from the
// test's start until no app has been asked which repository it builds for QUIET_MS; the time from the window's navigation to
// the status bar showing the branch's builds; the apps asked which repository they build before then and in all.
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import * as vscode from 'vscode';
import { extension, extensionApi, testing } from '../extension';
import * as ui from '../ui';
import { sleep } from '../wait';
import { startProfile } from './stallProfile';

const TICK_MS = 10;
/** Lateness under this is timer noise, not a stall worth counting in the sum. */
export const STALL_MS = 50;
const QUIET_MS = 3_000;
const GIVE_UP_MS = 120_000;

interface ServiceRequest {
  at: number;
  method: string;
  url: string;
}

/** Which repository an app builds: its latest build, no branch named. */
const isSweep = (r: ServiceRequest) => /\/apps\/[^/]+\/build\/latest$/.test(r.url);

function serviceRequests(file: string): ServiceRequest[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ServiceRequest);
}

/** Each late firing of a 10 ms timer: when, and by how much (ms). */
function watchStalls(): {
  stalls: { at: number; end: number; ms: number }[];
  stop: () => void;
} {
  const stalls: { at: number; end: number; ms: number }[] = [];
  let expected = performance.now() + TICK_MS;
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = performance.now();
    const late = now - expected;
    if (late >= 1) stalls.push({ at: Date.now(), end: now, ms: late });
    expected = now + TICK_MS;
    timer = setTimeout(tick, TICK_MS);
  };
  timer = setTimeout(tick, TICK_MS);
  return { stalls, stop: () => clearTimeout(timer) };
}

/** The extension host's own marks (VS Code keeps them on the global object; Date.now() of each): its start and each extension's activation. */
function extHostMarks(): Record<string, number> {
  const perf = (globalThis as { MonacoPerformanceMarks?: { getMarks(): { name: string; startTime: number }[] } }).MonacoPerformanceMarks;
  return Object.fromEntries((perf?.getMarks() ?? []).filter((m) => m.name.startsWith('code/extHost/')).map((m) => [m.name, m.startTime]));
}

interface GitApiLike {
  repositories: { state: { HEAD: unknown; onDidChange: vscode.Event<void> } }[];
  onDidOpenRepository: vscode.Event<unknown>;
}

/** Date.now() once the Git extension's API first holds a repository with its HEAD read (the test's start if it did then). */
function watchGitRead(): { readonly at: number | undefined; dispose: () => void } {
  const subscriptions: vscode.Disposable[] = [];
  const watch = { at: undefined as number | undefined, dispose: () => subscriptions.forEach((s) => s.dispose()) };
  const exports = vscode.extensions.getExtension<{ getAPI(version: 1): GitApiLike }>('vscode.git')?.exports;
  if (!exports) return watch;
  let git: GitApiLike;
  try {
    git = exports.getAPI(1);
  } catch {
    return watch; // Git's model not there yet (gitWorkspace.ts retries; the bench does without this step)
  }
  const check = () => {
    if (git.repositories.some((r) => r.state.HEAD !== undefined)) watch.at ??= Date.now();
  };
  const follow = () => {
    for (const r of git.repositories) subscriptions.push(r.state.onDidChange(check));
    check();
  };
  subscriptions.push(git.onDidOpenRepository(follow));
  follow();
  return watch;
}

/** As test/integration/index.ts does: VS Code 1.100 trusts these in a test run (its stand-in for the system store). */
function addMachineCaForVsCode(): void {
  const dir = process.env.BUILD_SERVICE_TEST_MACHINE_CA;
  if (!dir) return;
  (https.globalAgent as { testCertificates?: string[] }).testCertificates = [readFileSync(path.join(dir, 'ca.pem'), 'utf8')];
}

export async function run(): Promise<void> {
  const profile = process.env.BUILD_SERVICE_BENCH_PROFILE === '1' ? await startProfile() : undefined;
  const watch = watchStalls();
  addMachineCaForVsCode();
  const resultFile = process.env.BUILD_SERVICE_BENCH_RESULT;
  const requestsFile = process.env.BUILD_SERVICE_BENCH_REQUESTS;
  if (!resultFile || !requestsFile) throw new Error('BUILD_SERVICE_BENCH_RESULT and _REQUESTS must be set');
  const testStart = Date.now();
  const activeAtTestStart = extension().isActive;
  // When the window was first focused (our requests wait for it) and our Git watch first saw the repository.
  let focusedAt = vscode.window.state.focused ? testStart : undefined;
  const focusWatch = vscode.window.onDidChangeWindowState((state) => {
    if (state.focused) focusedAt ??= Date.now();
  });
  // When the Git extension itself had read the repository (its HEAD), as its API tells every extension.
  const gitRead = watchGitRead();
  const api = await extensionApi();
  const { statusBar, git } = testing(api).branch;
  let repositoryAt = git.snapshot.kind === 'repository' ? Date.now() : undefined;
  const gitWatch = git.onDidChange((snapshot) => {
    if (snapshot.kind === 'repository') repositoryAt ??= Date.now();
  });
  const { timeOrigin } = await ui.performanceMarks();

  let statusBarAt: number | undefined;
  let text = '';
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    text = statusBar.shown?.text ?? '';
    if (text !== '' && !text.includes('loading~spin') && !text.includes('$(warning)')) {
      statusBarAt = Date.now();
      break;
    }
    await sleep(20);
  }
  // The rest of the sweep (if any) ends once no app has been asked for its latest build (no branch)
  // for QUIET_MS; the poller following the status bar's builds goes on all the time.
  for (;;) {
    const last = Math.max(
      statusBarAt ?? 0,
      ...serviceRequests(requestsFile)
        .filter(isSweep)
        .map((r) => r.at),
    );
    if (Date.now() - last >= QUIET_MS || Date.now() > deadline + GIVE_UP_MS) break;
    await sleep(100);
  }
  watch.stop();
  focusWatch.dispose();
  gitRead.dispose();
  gitWatch.dispose();
  const page = await ui.performanceMarks();
  const profiled = await profile?.stop(watch.stalls, TICK_MS);
  const requests = serviceRequests(requestsFile);
  writeFileSync(
    resultFile,
    JSON.stringify({
      timeOrigin,
      testStart,
      activeAtTestStart,
      focusedAt,
      repositoryAt,
      gitReadAt: gitRead.at,
      // The workbench's marks (code/didStartWorkbench, code/LifecyclePhase/…) as Date.now(), and the extension host's.
      workbench: Object.fromEntries(
        page.marks.filter((m) => m.name.startsWith('code/')).map((m) => [m.name, page.timeOrigin + m.startTime]),
      ),
      extHost: extHostMarks(),
      statusBarAt,
      statusBarText: text,
      stalls: watch.stalls,
      requestsBeforeStatusBar: statusBarAt === undefined ? undefined : requests.filter((r) => r.at <= statusBarAt).length,
      // The service answered our GET /apps: what comes after it is ours, what comes before is mostly the window's startup.
      appsAnsweredAt: requests.find((r) => r.method === 'GET' && /\/apps(\?|$)/.test(r.url))?.at,
      firstRequestAt: requests[0]?.at,
      requests: statusBarAt === undefined ? [] : requests.filter((r) => r.at <= statusBarAt),
      sweepRequests: requests.filter(isSweep).length,
      sweepBeforeStatusBar: statusBarAt === undefined ? undefined : requests.filter((r) => isSweep(r) && r.at <= statusBarAt).length,
      lastSweepAt: Math.max(0, ...requests.filter(isSweep).map((r) => r.at)),
      profiled,
    }),
  );
}
