// The UI probe: a small HTTP server on 127.0.0.1 through which tests in the extension host ask the
// harness — which holds the Playwright page — what the workbench shows, and act on it like a user.
// Client: test/integration/ui.ts. Protocol: POST /<operation> with a JSON object of arguments;
// answers 200 `{ result }`, or 404/500 `{ error }` with a message the test can show.
import { createServer } from 'node:http';
import path from 'node:path';
import { projectRoot } from './layout.mjs';
import { stopOnExit } from './shutdown.mjs';

export const uiProbeEnvVar = 'BUILD_SERVICE_UI_PROBE';
const clickTimeoutMs = 5_000;

/** Runs in the page: the toasts on screen now. */
function readToasts() {
  const severities = ['error', 'warning', 'info'];
  return [...document.querySelectorAll('.notifications-toasts .notification-list-item')]
    .filter((item) => item.checkVisibility())
    .map((item) => {
      const icon = item.querySelector('.notification-list-item-icon');
      const severity = severities.find((s) => icon?.classList.contains(`codicon-${s}`)) ?? 'info';
      return {
        message: item.querySelector('.notification-list-item-message')?.textContent?.trim() ?? '',
        severity,
        actions: [...item.querySelectorAll('.notification-list-item-buttons-container .monaco-button')].map(
          (b) => b.textContent?.trim() ?? '',
        ),
      };
    });
}

/** Runs in the page: the quick input's state. The prompt and a validation message share one line. */
function readQuickInput() {
  const widget = document.querySelector('.quick-input-widget');
  const input = widget?.querySelector('.quick-input-box input');
  const visible = Boolean(widget?.checkVisibility() && widget.style.display !== 'none');
  const message = widget?.querySelector('.quick-input-message')?.textContent?.trim() ?? '';
  const box = widget?.querySelector('.quick-input-box .monaco-inputbox');
  const showsValidation = ['error', 'warning', 'info'].some((c) => box?.classList.contains(c));
  return {
    visible,
    value: visible ? (input?.value ?? '') : '',
    placeholder: visible ? (input?.getAttribute('placeholder') ?? '') : '',
    prompt: visible && !showsValidation ? message : '',
    validationMessage: visible && showsValidation ? message : '',
    password: visible && input?.type === 'password',
  };
}

/**
 * Runs in the page: the modal dialog on screen (VS Code's dialog service in the web workbench: its
 * message, detail and buttons in the order shown), or `visible: false`. While one is open it blocks
 * every other click and key in the workbench.
 */
function readDialog() {
  const box = [...document.querySelectorAll('.monaco-dialog-box')].find((b) => b.checkVisibility());
  if (!box) return { visible: false, message: '', detail: '', buttons: [] };
  return {
    visible: true,
    message: box.querySelector('.dialog-message-text')?.textContent?.trim() ?? '',
    detail: box.querySelector('.dialog-message-detail')?.textContent?.trim() ?? '',
    buttons: [...box.querySelectorAll('.dialog-buttons .monaco-button')].map((b) => b.textContent?.trim() ?? ''),
  };
}

/** Runs in the page (or the frame the selector entered): each matching element's text and the attributes asked for (null when absent). */
function readElements(elements, names) {
  return elements.map((element) => ({
    text: element.textContent?.trim() ?? '',
    attributes: Object.fromEntries(names.map((name) => [name, element.getAttribute(name)])),
  }));
}

/**
 * Runs in the page: where the keyboard is. A list or tree keeps the DOM focus on itself and marks its
 * focused row, which is what a screen reader announces.
 */
function readFocus() {
  const active = document.activeElement;
  const row = active?.closest('.monaco-list')?.querySelector('.monaco-list-row.focused');
  return {
    tag: active?.tagName.toLowerCase() ?? '',
    role: active?.getAttribute('role') ?? '',
    ariaLabel: active?.getAttribute('aria-label') ?? '',
    view: active?.closest('.pane')?.querySelector('.pane-header')?.getAttribute('aria-label') ?? '',
    row: row
      ? { ariaLabel: row.getAttribute('aria-label') ?? '', role: row.getAttribute('role') ?? '', text: row.textContent?.trim() ?? '' }
      : null,
  };
}

/** Runs in the page: marks the button so Playwright can click it as a user would. */
function markToastButton({ messageContains, action, marker }) {
  const item = [...document.querySelectorAll('.notifications-toasts .notification-list-item')]
    .filter((i) => i.checkVisibility())
    .find((i) => i.querySelector('.notification-list-item-message')?.textContent?.includes(messageContains));
  if (!item) return { error: `no notification on screen contains ${JSON.stringify(messageContains)}` };
  const buttons = [...item.querySelectorAll('.notification-list-item-buttons-container .monaco-button')];
  const button = buttons.find((b) => b.textContent?.trim() === action);
  if (!button)
    return {
      error: `the notification has no ${JSON.stringify(action)} button; it has ${JSON.stringify(buttons.map((b) => b.textContent?.trim()))}`,
    };
  button.setAttribute(marker, '');
  return {};
}

/** Runs in the page: a promise (globalThis.uiProbeRowsShown) of the ms from the next pointerdown until `count` `rows` are in the DOM. */
function watchRows({ rows, count }) {
  globalThis.uiProbeRowsShown = new Promise((resolve, reject) => {
    let clicked;
    addEventListener(
      'pointerdown',
      () => {
        clicked = performance.now();
        globalThis.uiProbeClickedAt = Date.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      if (clicked === undefined || document.querySelectorAll(rows).length < count) return;
      observer.disconnect();
      resolve(performance.now() - clicked);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    setTimeout(() => {
      observer.disconnect();
      reject(new Error(`fewer than ${count} ${rows} after 30 s`));
    }, 30_000);
  });
}

function requireString(args, name) {
  if (typeof args[name] !== 'string' || args[name] === '') throw new Error(`"${name}" must be a non-empty string`);
  return args[name];
}

/** The tab that `blurWindow` put in front of each workbench page, and the session that let it. */
const inFront = new WeakMap();

/**
 * Takes the focus away from the workbench for real, as switching to another window does: another tab
 * of the same browser comes to the front, so the page gets a blur event and document.hasFocus() turns
 * false. Playwright makes every page look focused unless told otherwise (CDP focus emulation).
 * `opening`: the launcher's call for a window that opens in the background, before the workbench's
 * scripts run (see focusPage).
 * @param {import('playwright-core').Page} page
 */
export async function blurPage(page, { opening = false } = {}) {
  if (inFront.has(page)) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const other = await page.context().newPage();
  await other.bringToFront();
  inFront.set(page, { cdp, other, opening });
}

/** Brings the workbench back to the front, and Playwright's focus emulation with it. */
async function focusPage(page) {
  const state = inFront.get(page);
  if (!state) return;
  inFront.delete(page);
  await page.bringToFront();
  await state.other.close();
  await state.cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  // The workbench's focus tracker starts out believing its window has the focus, so after an opening in
  // the background the focus event is no news to it. A real browser also says that the tab became
  // visible, which the workbench hears; headless Chromium shows every tab, so that is said here.
  if (state.opening) await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await state.cdp.detach();
}

/** @param {import('playwright-core').Page} page */
function operations(page) {
  return {
    notifications: () => page.evaluate(readToasts),
    quickInput: () => page.evaluate(readQuickInput),
    clickNotificationAction: async (args) => {
      const marker = 'data-ui-probe-click';
      const found = await page.evaluate(markToastButton, {
        messageContains: requireString(args, 'messageContains'),
        action: requireString(args, 'action'),
        marker,
      });
      if (found.error) throw new Error(found.error);
      const button = page.locator(`[${marker}]`);
      // VS Code 1.139 collapses a toast when another arrives, hiding its buttons: expand it, as a user would.
      if (!(await button.isVisible())) {
        const expand = page.locator(`.notification-list-item:has([${marker}]) .codicon-notifications-expand`).first();
        if (await expand.isVisible()) await expand.click({ timeout: clickTimeoutMs });
      }
      await button.click({ timeout: clickTimeoutMs });
      await button.evaluateAll((els, m) => els.forEach((e) => e.removeAttribute(m)), marker).catch(() => {});
    },
    dialog: () => page.evaluate(readDialog),
    clickDialogButton: async (args) => {
      const label = requireString(args, 'label');
      const buttons = page.locator('.monaco-dialog-box .dialog-buttons .monaco-button').filter({ visible: true });
      const labels = (await buttons.allInnerTexts()).map((t) => t.trim());
      if (!labels.includes(label)) throw new Error(`the dialog has no ${JSON.stringify(label)} button; it has ${JSON.stringify(labels)}`);
      await buttons.nth(labels.indexOf(label)).click({ timeout: clickTimeoutMs });
    },
    typeText: async (args) => {
      await focusQuickInput(page);
      await page.keyboard.type(requireString(args, 'text'));
    },
    pressKey: async (args) => {
      await focusQuickInput(page);
      await page.keyboard.press(requireString(args, 'key'));
    },
    texts: (args) => page.locator(requireString(args, 'selector')).allInnerTexts(),
    elements: (args) => {
      const names = Array.isArray(args.names) ? args.names.filter((n) => typeof n === 'string') : [];
      // A locator, as texts() uses: the selector may enter a webview's frames.
      return page.locator(requireString(args, 'selector')).evaluateAll(readElements, names);
    },
    focus: () => page.evaluate(readFocus),
    /** A key to whatever has the focus, even with a quick input open (pressKey sends it to the quick input). */
    pressKeyHere: async (args) => {
      await page.keyboard.press(requireString(args, 'key'));
    },
    click: async (args) => {
      const hasText = typeof args.hasText === 'string' && args.hasText ? { hasText: args.hasText } : {};
      await page.locator(requireString(args, 'selector'), hasText).filter({ visible: true }).first().click({ timeout: clickTimeoutMs });
    },
    /** For the bench: ms from a real click on `click` to `count` elements matching `rows` in the page, and Date.now() at the click. */
    timeClickUntil: async (args) => {
      const rows = requireString(args, 'rows');
      await page.evaluate(watchRows, { rows, count: Number(args.count) || 1 });
      await page.locator(requireString(args, 'click')).first().click({ timeout: clickTimeoutMs });
      const ms = await page.evaluate(() => globalThis.uiProbeRowsShown);
      return { ms, clickedAt: await page.evaluate(() => globalThis.uiProbeClickedAt) };
    },
    /** For the bench: the marks the workbench recorded (VS Code's code/* marks), in ms since the page's timeOrigin (Date.now() at navigation). */
    performanceMarks: () =>
      page.evaluate(() => ({
        timeOrigin: performance.timeOrigin,
        marks: performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, startTime: mark.startTime })),
      })),
    blurWindow: () => blurPage(page),
    focusWindow: () => focusPage(page),
    screenshot: async (args) => {
      await page.screenshot({ path: path.resolve(projectRoot, requireString(args, 'path')) });
    },
  };
}

/** Playwright's errors carry a coloured call log; the first lines, plain, say enough. */
function shortMessage(e) {
  const text = e instanceof Error ? e.message : String(e);
  // eslint-disable-next-line no-control-regex
  return text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, 3)
    .join(' ');
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts the probe for `page`. Returns its address (for BUILD_SERVICE_UI_PROBE) and close().
 * `page` may be a function returning the page, for a probe started before the browser is.
 */
export async function startUiProbe(page) {
  const pageNow = typeof page === 'function' ? page : () => page;
  const server = createServer(async (request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? null));
    };
    try {
      const name = decodeURIComponent(new URL(request.url ?? '/', 'http://probe').pathname.slice(1));
      const current = pageNow();
      if (!current) return send(503, { error: 'the workbench page is not open yet' });
      const operation = Object.hasOwn(operations(current), name) ? operations(current)[name] : undefined;
      if (request.method !== 'POST' || !operation) {
        return send(404, { error: `unknown UI probe operation: ${request.method} /${name}` });
      }
      const text = await readBody(request);
      const args = text ? JSON.parse(text) : {};
      if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new Error('the arguments must be a JSON object');
      send(200, { result: (await operation(args)) ?? null });
    } catch (e) {
      send(500, { error: shortMessage(e) });
    }
  });
  await new Promise((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  stopOnExit(close);
  return { url: `http://127.0.0.1:${server.address().port}`, close };
}

/**
 * Keys go to the quick input when one is open, as they do for a user who has just opened it: VS Code
 * 1.139 can leave the focus on a notification that arrived meanwhile.
 */
async function focusQuickInput(page) {
  const input = page.locator('.quick-input-widget .quick-input-box input').filter({ visible: true }).first();
  if ((await input.count()) > 0) await input.focus();
}
