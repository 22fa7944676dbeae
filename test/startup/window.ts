// What a suite of the startup lane reads in its fresh window: the reference service's record of what
// it was asked (through its control port, test/service/control.ts, which adds no request), our
// status-bar item and the side bar as drawn (through the UI probe). Nothing here activates the
// extension: no getExtension().activate(), no view opened, no command of ours run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Build as WireBuild } from '../service/contract';
import type { ControlRequest, LatestOfApp } from '../service/control';
import { STATUS_BAR_ITEM_ID } from '../../src/ids';
import * as ui from '../integration/ui';
import { sleep, waitFor } from '../integration/wait';
import type { StartupWindow } from './windows';

/** Set by test/host/runStartup.mjs: the control port of the service this window was opened on. */
const CONTROL_ENV_VAR = 'BUILD_SERVICE_STARTUP_CONTROL';

async function control<T>(method: 'GET' | 'POST', operation: string): Promise<T> {
  const base = process.env[CONTROL_ENV_VAR];
  assert.ok(base, `${CONTROL_ENV_VAR} is not set: the startup suites run through test/host/runStartup.mjs`);
  const response = await fetch(`${base}${operation}`, { method });
  const body = (await response.json()) as T & { error?: string };
  assert.equal(response.status, 200, `control ${method} ${operation}: ${body.error ?? response.status}`);
  return body;
}

/** Every request the service has seen since it started, which was before the window opened. */
export function requests(): Promise<ControlRequest[]> {
  return control('GET', '/requests');
}

/** Whatever the open started has gone out by then (its requests leave within a second), and the user has done nothing yet. */
const OPEN_SETTLES_MS = 3_000;

/** The requests of the window's open: called once the status bar shows what the open loaded. */
export async function requestsOfOpen(): Promise<ControlRequest[]> {
  await sleep(OPEN_SETTLES_MS);
  const asked = await requests();
  printRequests(`asked by the time the status bar showed the builds, and ${OPEN_SETTLES_MS / 1000} s on`, asked);
  return asked;
}

/** Each app building `repo` with its latest build of `branch`, as the service would answer. */
export async function latestBuilds(repo: string, branch: string): Promise<{ appName: string; build: WireBuild }[]> {
  const latest = await control<LatestOfApp[]>('GET', `/latest?repo=${encodeURIComponent(repo)}&branch=${encodeURIComponent(branch)}`);
  assert.ok(latest.length > 0, `the service has apps building ${repo}`);
  return latest.map(({ appName, build }) => {
    assert.ok(build, `${appName} has a build of ${branch}`);
    return { appName, build };
  });
}

/** The ids of the builds the window's status bar shows: each repository's apps' latest of its branch. */
export async function shownBuilds(window: StartupWindow): Promise<string[]> {
  const latest = await Promise.all(window.repositories.map(({ remote, branch }) => latestBuilds(remote, branch)));
  return latest.flat().map(({ build }) => build._id);
}

/** The line our status-bar item speaks for an app's build, e.g. "2048 iOS App: build #7 failed". */
export function spokenLine(appName: string, build: WireBuild): string {
  const phrase = { success: 'succeeded', failed: 'failed', cancelled: 'was cancelled', running: 'is running', queued: 'is queued' };
  return `${appName}: build #${build.build_number} ${phrase[build.build_status]}`;
}

/** Every unfinished build one step on: queued → running → finished. */
export function advanceBuilds(): Promise<void> {
  return control('POST', '/advance');
}

export function finishBuild(buildId: string, outcome: 'success' | 'failed'): Promise<void> {
  return control('POST', `/finish?build=${encodeURIComponent(buildId)}&outcome=${outcome}`);
}

/** For the log of the run: each request on a line, with its answer's status unless none was sent. */
export function printRequests(what: string, asked: readonly ControlRequest[], { answered = true } = {}): void {
  const lines = asked.map((r) => `      ${r.method} ${r.rawUrl}${answered ? ` → ${r.status}` : ''}`);
  console.log([`    (${what}: ${asked.length} request(s))`, ...lines].join('\n'));
}

export interface StatusBarItem {
  /** The text drawn, icons left out (a codicon is a glyph, not text). */
  text: string;
  /** What a screen reader says: the item's accessible name. */
  label: string;
}

/** Our status-bar item as drawn now; undefined while there is none. */
export async function statusBarItem(): Promise<StatusBarItem | undefined> {
  // The workbench names an extension's entry `<extension id>.<item id>`.
  const [item] = await ui.elements(`.statusbar-item[id$=".${STATUS_BAR_ITEM_ID}"]`, ['aria-label']);
  return item && { text: item.text, label: item.attributes['aria-label'] ?? '' };
}

/** Waits until our status-bar item's accessible name passes `test`, and returns the item. */
export async function waitForStatusBar(test: (label: string) => boolean, what: string, timeoutMs = 30_000): Promise<StatusBarItem> {
  let last: StatusBarItem | undefined;
  await waitFor(
    async () => {
      last = await statusBarItem();
      return last !== undefined && test(last.label);
    },
    () => `the status bar showing ${what} (last: ${last ? JSON.stringify(last) : 'no item of ours'})`,
    timeoutMs,
  );
  assert.ok(last);
  return last;
}

/** Waits until the status bar speaks of every app's latest build of the repository's branch; the item, and those builds. */
export async function waitForLatestInStatusBar(repository: {
  remote: string;
  branch: string;
}): Promise<{ item: StatusBarItem; latest: { appName: string; build: WireBuild }[] }> {
  const latest = await latestBuilds(repository.remote, repository.branch);
  const lines = latest.map(({ appName, build }) => spokenLine(appName, build));
  const item = await waitForStatusBar(
    (label) => label.includes(`branch ${repository.branch},`) && lines.every((l) => label.includes(l)),
    lines.join(' and '),
  );
  return { item, latest };
}

/**
 * The window as a user opens it: the Explorer in front and no view of ours in the side bar, so whatever
 * our extension does, it did without being asked to show anything.
 */
export async function assertExplorerInFront(): Promise<void> {
  let heading: string | undefined;
  await waitFor(async () => {
    [heading] = await ui.texts('.sidebar .composite.title h2');
    return heading !== undefined;
  }, 'the side bar drawn');
  assert.equal(heading?.toUpperCase(), 'EXPLORER', 'the side bar shows the Explorer');
  for (const view of ['Apps', 'Current Branch'])
    assert.deepEqual(await ui.texts(`.sidebar [aria-label^="${view} Section"]`), [], `the ${view} view is not open`);
}

/** The window as its row of windows.ts opens it: the Explorer in front, Git on each repository's branch. */
export async function assertOpenedAsPlanned(repositories: readonly { branch: string }[]): Promise<void> {
  await assertExplorerInFront();
  assert.deepEqual(
    (await gitRepositories(repositories.length)).map((r) => r.branch),
    repositories.map((r) => r.branch),
  );
}

interface GitApi {
  repositories: { rootUri: vscode.Uri; state: { HEAD?: { name?: string } } }[];
}

/**
 * The repositories VS Code's Git extension opened by itself at startup, once there are `count` of them
 * with a branch checked out: what our extension reads. Git activates at startup ('*'); this only waits.
 */
export async function gitRepositories(count: number): Promise<{ root: string; branch: string | undefined }[]> {
  const git = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  assert.ok(git, 'the built-in Git extension is in this host');
  const open = () => {
    try {
      return git.isActive ? git.exports.getAPI(1).repositories : [];
    } catch {
      return []; // getAPI throws until Git's model exists
    }
  };
  await waitFor(
    () => open().length === count && open().every((r) => r.state.HEAD?.name),
    () => `Git with ${count} repositories open, each on a branch (open: ${JSON.stringify(open().map((r) => r.rootUri.fsPath))})`,
    30_000,
  );
  return open().map((r) => ({ root: r.rootUri.fsPath, branch: r.state.HEAD?.name }));
}
