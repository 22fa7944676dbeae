// What the user sees, for tests running in the extension host. The extension host cannot see the
// workbench (it runs in another process, the workbench in a browser), so the test host — which drives
// that browser — serves a small HTTP "UI probe" and passes its address in BUILD_SERVICE_UI_PROBE.
// Only the web test host (npm run test:integration) has one; desktop runs do not.
import * as http from 'node:http';
import * as vscode from 'vscode';
import { sleep, waitFor } from './wait';

export const uiProbeEnvVar = 'BUILD_SERVICE_UI_PROBE';

export interface VisibleNotification {
  message: string;
  severity: 'info' | 'warning' | 'error';
  /** Button labels, in order. */
  actions: string[];
}

export interface QuickInputState {
  visible: boolean;
  value: string;
  placeholder: string;
  prompt: string;
  validationMessage: string;
  password: boolean;
}

export interface VisibleDialog {
  visible: boolean;
  /** The dialog's title line, e.g. a language-model tool's confirmation title. */
  message: string;
  detail: string;
  /** Button labels, in the order shown. */
  buttons: string[];
}

/** True when the UI probe is there to ask, i.e. the tests run in the web test host. */
export function uiProbeAvailable(): boolean {
  return Boolean(process.env[uiProbeEnvVar]);
}

function probeUrl(operation: string): URL {
  const base = process.env[uiProbeEnvVar];
  if (!base) {
    throw new Error(
      `The UI probe is not available: ${uiProbeEnvVar} is not set. It is set by the web test host ` +
        '(npm run test:integration); desktop VS Code runs (VSCODE_TEST_HOST=desktop) have no probe.',
    );
  }
  return new URL(operation, base.endsWith('/') ? base : `${base}/`);
}

/** One probe call: JSON in, JSON out; the probe answers errors as 500 with `{ error }`. */
function ask<T>(operation: string, args: Record<string, unknown> = {}): Promise<T> {
  const url = probeUrl(operation);
  const body = JSON.stringify(args);
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: { result?: T; error?: string };
          try {
            parsed = JSON.parse(text) as { result?: T; error?: string };
          } catch {
            return reject(new Error(`UI probe ${operation}: answered ${response.statusCode} with non-JSON: ${text.slice(0, 200)}`));
          }
          if (response.statusCode !== 200) return reject(new Error(`UI probe ${operation}: ${parsed.error ?? response.statusCode}`));
          resolve(parsed.result as T);
        });
      },
    );
    request.on('error', (e) => reject(new Error(`UI probe ${operation}: ${e.message}`)));
    request.end(body);
  });
}

/** The notification toasts on screen now, top to bottom. */
export function notifications(): Promise<VisibleNotification[]> {
  return ask('notifications');
}

/** Toasts that appear within `ms`, for checking that nothing new is shown. */
export async function notificationsAfter(ms: number): Promise<VisibleNotification[]> {
  await sleep(ms);
  return notifications();
}

/** Waits until a toast whose message contains the text is on screen, and returns it. */
export async function waitForNotification(messageContains: string, timeoutMs = 10_000): Promise<VisibleNotification> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const visible = await notifications();
    const match = visible.find((n) => n.message.includes(messageContains));
    if (match) return match;
    if (Date.now() > deadline) {
      const seen = visible.map((n) => JSON.stringify(n.message)).join(', ') || 'none';
      throw new Error(
        `No notification containing ${JSON.stringify(messageContains)} within ${timeoutMs} ms; on screen: ${seen}. ` +
          '(VS Code toasts at most 3 notifications per 800 ms; clearNotifications() between tests resets that.)',
      );
    }
    await sleep(150);
  }
}

/** Clicks the button labelled `action` on the toast whose message contains the text. */
export async function clickNotificationAction(messageContains: string, action: string): Promise<void> {
  await waitForNotification(messageContains);
  await ask('clickNotificationAction', { messageContains, action });
}

/**
 * VS Code toasts at most 3 notifications within 800 ms (its spam protection); later ones go to the
 * notification centre only. Waiting this long after clearing gives the next test a fresh window.
 */
const toastSpamWindowMs = 900;

/** Clears every notification (toasts and the notification centre) and waits until none shows. */
export async function clearNotifications(timeoutMs = 5_000): Promise<void> {
  await vscode.commands.executeCommand('notifications.clearAll');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await notifications();
    if (left.length === 0) break;
    if (Date.now() > deadline) throw new Error(`Notifications still on screen after clearing: ${left.map((n) => n.message).join(' | ')}`);
    await sleep(100);
  }
  await sleep(toastSpamWindowMs);
}

/** The modal dialog on screen; `visible` is false when there is none. */
export function dialog(): Promise<VisibleDialog> {
  return ask('dialog');
}

/** Waits until a modal dialog whose title contains the text is on screen, and returns it. */
export async function waitForDialog(messageContains: string, timeoutMs = 10_000): Promise<VisibleDialog> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = await dialog();
    if (shown.visible && shown.message.includes(messageContains)) return shown;
    if (Date.now() > deadline) {
      throw new Error(
        `No dialog titled ${JSON.stringify(messageContains)} within ${timeoutMs} ms; on screen: ${shown.visible ? JSON.stringify(shown.message) : 'none'}`,
      );
    }
    await sleep(150);
  }
}

/** Clicks the button labelled `label` on the modal dialog, as a user would. */
export function clickDialogButton(label: string): Promise<void> {
  return ask('clickDialogButton', { label });
}

/**
 * Whether VS Code shows its modal dialogs to these tests. A development test run (npm run
 * test:integration: the workbench started with an extensionTestsPath) answers every dialog itself,
 * unseen, as confirmed; the installed .vsix run (test/host/runInstalled.mjs, whose runner extension
 * sets BUILD_SERVICE_TEST_SUITES) is an ordinary session, where they are shown and must be answered.
 */
export function dialogsShown(): boolean {
  return uiProbeAvailable() && Boolean(process.env.BUILD_SERVICE_TEST_SUITES);
}

/** The quick input (quick pick or input box) as shown; `visible` is false when it is closed. */
export function quickInput(): Promise<QuickInputState> {
  return ask('quickInput');
}

/** Types into whatever has keyboard focus in the workbench, as a user would. */
export function typeText(text: string): Promise<void> {
  return ask('typeText', { text });
}

/** Presses one key or chord in Playwright's notation, e.g. 'Enter', 'Escape', 'Control+A'. */
export function pressKey(key: string): Promise<void> {
  return ask('pressKey', { key });
}

/**
 * Types `text` into the quick pick on screen and takes it. A command may show a second pick after the
 * first: waiting only for "a quick pick visible" could find the first one still closing and type the
 * second answer into it (seen on VS Code 1.139.1: the filter then had a branch and no state). So it
 * waits for an empty pick, and after Enter until the typed text is gone from the box.
 */
export async function pick(text: string): Promise<void> {
  let last: QuickInputState | undefined;
  await waitFor(async () => {
    last = await quickInput();
    return last.visible && last.value === '';
  }, 'an empty quick pick').catch(async (e: Error) => {
    // What was in front instead, for a wait that ends without the pick.
    const front = {
      quickInput: last,
      editor: vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? 'none',
      window: vscode.window.state,
      keyboardFocus: await focus().catch(String),
      notifications: await notifications().catch(String),
    };
    throw new Error(`${e.message}; in front instead: ${JSON.stringify(front)}`);
  });
  await typeText(text);
  await waitFor(async () => (await quickInput()).value === text, `"${text}" typed`);
  await pressKey('Enter');
  await waitFor(async () => (await quickInput()).value !== text, `the pick of "${text}" taken`);
}

/** The rendered text of every element matching the CSS selector. */
export function texts(selector: string): Promise<string[]> {
  return ask('texts', { selector });
}

export interface ElementAttributes {
  text: string;
  /** The attributes asked for, null where the element has none. */
  attributes: Record<string, string | null>;
}

/** Every element matching the CSS selector: its text and the named attributes (e.g. aria-label, role). */
export function elements(selector: string, names: string[]): Promise<ElementAttributes[]> {
  return ask('elements', { selector, names });
}

export interface KeyboardFocus {
  tag: string;
  role: string;
  ariaLabel: string;
  /** The label of the side-bar view the focus is in ('' outside one), e.g. "Apps Section". */
  view: string;
  /** The focused row of the focused list or tree: what a screen reader announces. */
  row: { ariaLabel: string; role: string; text: string } | null;
}

/** Where the keyboard focus is in the workbench. */
export function focus(): Promise<KeyboardFocus> {
  return ask('focus');
}

/** Presses a key where the focus is (a tree, an editor), without moving it to an open quick input first. */
export function pressKeyHere(key: string): Promise<void> {
  return ask('pressKeyHere', { key });
}

/** Clicks the first visible element matching the selector (and containing `hasText`, if given). */
export function click(selector: string, hasText?: string): Promise<void> {
  return ask('click', { selector, hasText });
}

/** For the bench: ms from a real click on `click` until `count` elements match `rows`, timed in the page; Date.now() at the click. */
export function timeClickUntil(click: string, rows: string, count: number): Promise<{ ms: number; clickedAt: number }> {
  return ask('timeClickUntil', { click, rows, count });
}

/** For the bench: the workbench's performance marks (e.g. code/didStartWorkbench), ms since `timeOrigin` (Date.now() at navigation). */
export function performanceMarks(): Promise<{ timeOrigin: number; marks: { name: string; startTime: number }[] }> {
  return ask('performanceMarks');
}

/**
 * The workbench loses focus for real (another browser tab comes to the front), as when the user
 * switches to another window; vscode.window.state.focused follows. focusWindow() brings it back.
 */
/**
 * Another browser tab in front, as switching windows does; returns once the extension host knows. The
 * workbench sometimes never hears of it (twice in eleven full runs with two hosts on the machine, once
 * after waiting 10 s), so a tab that brought no blur in 5 s is closed and another tried, three at most.
 */
export async function blurWindow(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await ask('blurWindow');
    try {
      return await waitFor(() => !vscode.window.state.focused, 'the window unfocused', 5_000);
    } catch (error) {
      if (attempt === 3) throw error;
      await ask('focusWindow');
    }
  }
}

/** The workbench in front again; returns once the extension host knows. */
export async function focusWindow(): Promise<void> {
  await ask('focusWindow');
  await waitFor(() => vscode.window.state.focused, 'the window focused');
}

/** Saves a PNG of the whole workbench to `path` (absolute, or relative to the test host's cwd). */
export function screenshot(path: string): Promise<void> {
  return ask('screenshot', { path });
}
