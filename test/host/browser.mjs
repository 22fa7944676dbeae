// Debian's Chromium, headless, driven through playwright-core (installed with the host, so the project
// itself needs no browser download). It renders the workbench that code-server serves.
import { createRequire } from 'node:module';
import { chromiumPath, defaultHost, hostPaths } from './layout.mjs';
import { stopOnExit } from './shutdown.mjs';

export const viewport = { width: 1280, height: 800 };

const chromiumFlags = [
  '--no-sandbox', // we may run as root (CI), where Chromium's sandbox refuses to start
  '--disable-gpu',
  '--disable-dev-shm-usage', // containers often have a tiny /dev/shm
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `host`: the installed test host whose playwright-core drives the browser. `profileDir`: a browser
 * profile kept in that folder, which a later run opens again (the workbench keeps its state, the
 * extensions' globalState included, in the browser's IndexedDB, per origin); else a fresh one.
 * @returns {Promise<{ page: import('playwright-core').Page }>}
 */
export async function launchBrowser(run, host = defaultHost, { profileDir } = {}) {
  const { chromium } = createRequire(import.meta.url)(hostPaths(host).playwrightCoreDir);
  const options = {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    // Chromium writes crash data and settings under HOME; keep those in the run folder.
    env: { ...process.env, ...run.env, HOME: run.browserHome },
    // Our own shutdown closes it; Playwright's own signal handlers would race ours.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
  // VS Code 1.139's web clipboard reads through the browser's, which asks for this permission.
  const contextOptions = { viewport, permissions: ['clipboard-read', 'clipboard-write'] };
  if (profileDir) {
    const context = await chromium.launchPersistentContext(profileDir, { ...options, ...contextOptions });
    stopOnExit(() => closeWithin(context, 5_000));
    return { page: context.pages()[0] ?? (await context.newPage()) };
  }
  // Playwright makes the profile in /tmp and deletes it on close.
  const browser = await chromium.launch(options);
  stopOnExit(() => closeWithin(browser, 5_000));
  const context = await browser.newContext(contextOptions);
  return { page: await context.newPage() };
}

/** Closes a browser (or a persistent context, its browser with it), waiting at most `ms`. */
async function closeWithin(browser, ms) {
  await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, ms))]);
}
