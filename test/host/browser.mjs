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

/** @returns {Promise<{ browser: import('playwright-core').Browser, page: import('playwright-core').Page }>} */
/** `host`: the installed test host whose playwright-core drives the browser. */
export async function launchBrowser(run, host = defaultHost) {
  const { chromium } = createRequire(import.meta.url)(hostPaths(host).playwrightCoreDir);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    // Chromium writes crash data and settings under HOME; keep those in the run folder.
    // Playwright makes the profile in /tmp and deletes it on close.
    env: { ...process.env, ...run.env, HOME: run.browserHome },
    // Our own shutdown closes it; Playwright's own signal handlers would race ours.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  stopOnExit(() => closeWithin(browser, 5_000));
  // VS Code 1.139's web clipboard reads through the browser's, which asks for this permission.
  const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  return { browser, page };
}

async function closeWithin(browser, ms) {
  await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, ms))]);
}
