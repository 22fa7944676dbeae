// `npm run screenshot -- --accounts`: media/accounts.png instead: a second reference service (other apps,
// its own token) signed in to through Build Service: Sign In's boxes, typed as a user would, and the Apps
// view with both accounts.
// `npm run screenshot`: media/screenshot.png (1280x800) of the extension against the reference
// service, taken the way a user would get there: a plain visit to the workbench, a click on the Build
// Service entry in the activity bar (its apps must load), then the Testing view with the failed tests
// of the current branch's latest build and the first failing test's source file open, marked in the gutter.
// With `--coverage` (npm run screenshot -- --coverage): media/coverage.png, the same build's coverage in
// the Test Coverage view with a file's functions listed, and that file open in the editor. The token
// reaches the extension through BUILD_SERVICE_TOKEN, which it falls back to, so no typing into an input box is needed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { launchBrowser } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { build, linkExtension, makeDemoRepository, startReferenceService } from './demo.mjs';
import { ensureHost } from './install.mjs';
import { projectRoot } from './layout.mjs';
import { createRunFolder } from './runFolder.mjs';
import { shutdown } from './shutdown.mjs';
import { requirePackages } from './systemPackages.mjs';

const coverageShot = process.argv.includes('--coverage');
const accounts = process.argv.includes('--accounts');
const output = path.join(projectRoot, 'media', coverageShot ? 'coverage.png' : accounts ? 'accounts.png' : 'screenshot.png');
// A file whose functions partly ran, so the editor shows both marks.
const coveredFile = 'AppDelegate.swift';
const STAGING_TOKEN = 'staging-demo-token-41c7';
const containerTitle = 'Build Service';
const appRows = '.sidebar .pane-body .monaco-list-row';

/** Debian's Chromium has no CJK or emoji fonts of its own; app names may use both. */
function hasFonts() {
  const families = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' }).stdout ?? '';
  return /Noto Sans CJK/.test(families) && /Noto Color Emoji/.test(families);
}

/**
 * The Testing view, where the extension put the failed tests of develop's latest build, expanded; then
 * the first failing test opened from it ("Go to Test"), so its file shows the failure in the gutter.
 */
async function showFailedTests(page) {
  await page.locator('.activitybar a.action-label[aria-label^="Testing"]').click();
  const testRows = page.locator('.sidebar .monaco-list-row');
  // With one test controller, VS Code lists its items at the top (no "Build Service" row above them).
  const listed = await testRows
    .first()
    .waitFor({ timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  if (!listed) return false;
  // Expand every level: the device, the target and the suites.
  for (let level = 1; level <= 5; level++) {
    const collapsed = page.locator('.sidebar .monaco-list-row[aria-expanded="false"]');
    const count = await collapsed.count();
    for (let i = count - 1; i >= 0; i--) await collapsed.nth(i).locator('.monaco-tl-twistie').click();
    await page.waitForTimeout(300);
  }
  const failing = testRows.filter({ hasText: /^test/ }).first();
  if (!(await failing.count())) return false;
  await failing.dblclick();
  await page.waitForTimeout(2_000);
  return true;
}

/** The Test Coverage view (in the Testing container): a file opened from it, and expanded to its functions. */
async function showCoverage(page) {
  await page.locator('.activitybar a.action-label[aria-label^="Testing"]').click();
  const file = page.locator('.test-coverage-list-item', { hasText: coveredFile }).first();
  const listed = await file.waitFor({ timeout: 20_000 }).then(
    () => true,
    () => false,
  );
  if (!listed) return false;
  await file.click();
  await page.keyboard.press('ArrowRight');
  await page.locator('.test-coverage-list-item', { hasText: '.render' }).first().waitFor({ timeout: 10_000 });
  // The editor's marks as lines, not only in the gutter: VS Code's "Test: Toggle Inline Coverage".
  await page.keyboard.press('F1');
  await page.keyboard.type('Test: Toggle Inline Coverage');
  await page.waitForTimeout(500);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(2_000);
  return true;
}

/** Build Service: Sign In from the command palette, its three boxes answered; true once both accounts are listed. */
async function signInToSecond(page, staging) {
  const box = page.locator('.quick-input-widget .quick-input-box input');
  await page.keyboard.press('F1');
  await box.waitFor({ timeout: 10_000 });
  await page.keyboard.type('Build Service: Sign In to a Build Service');
  await page.waitForTimeout(500);
  await page.keyboard.press('Enter');
  const answer = async (text) => {
    await page.waitForTimeout(700);
    await box.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  };
  await answer(staging.baseUrl);
  await answer(staging.token);
  await answer('Staging');
  return page
    .locator(appRows, { hasText: 'Staging' })
    .first()
    .waitFor({ timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
}

async function main() {
  requirePackages({ browser: true });
  build();
  await ensureHost();
  const service = await startReferenceService({ progress: true });
  const run = createRunFolder('screenshot');
  linkExtension(run.extensionsDir);
  const server = await startCodeServer(run, {
    env: { BUILD_SERVICE_TOKEN: service.token },
    settings: {
      'buildService.baseUrl': service.baseUrl,
      'workbench.colorTheme': 'Default Dark Modern',
      ...makeDemoRepository(run.workspaceDir),
    },
  });
  const { page } = await launchBrowser(run);
  await page.goto(`${server.origin}/?folder=${encodeURIComponent(run.workspaceDir)}`);

  const entry = page.locator(`.activitybar a.action-label[aria-label^="${containerTitle}"]`);
  await entry.waitFor({ timeout: 60_000 });
  await entry.click();
  const rows = page.locator(appRows);
  const appsShown = await rows
    .first()
    .waitFor({ timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  if (accounts && appsShown) {
    const staging = await startReferenceService({ progress: true, token: STAGING_TOKEN, seed: 'Staging' });
    console.log(`Second account: ${(await signInToSecond(page, staging)) ? 'listed' : 'NOT listed'}.`);
    // Room for both accounts' apps: the Current Branch pane folded, the sign-in notification closed.
    await page.locator('.sidebar .pane-header', { hasText: 'Current Branch' }).click();
    await page.keyboard.press('F1');
    await page.keyboard.type('Notifications: Clear All Notifications');
    await page.waitForTimeout(500);
    await page.keyboard.press('Enter');
  }
  const appRowCount = appsShown ? await rows.count() : 0;
  const failedShown = appsShown && !accounts && (await (coverageShot ? showCoverage(page) : showFailedTests(page)));
  await page.mouse.move(900, 500); // no hover tooltip or highlight in the picture
  await page.waitForTimeout(1_500); // let icons, the progress bar and the tooltip settle
  await page.screenshot({ path: output });
  console.log(
    `Saved ${path.relative(projectRoot, output)} (${appsShown ? `${appRowCount} rows in the Apps view` : 'NO apps visible'}; ${failedShown ? (coverageShot ? 'coverage shown' : 'failed tests in the Testing view') : 'NOTHING shown in the Testing container'}).`,
  );
  if (!hasFonts())
    console.log('Note: CJK and emoji render as boxes; apt-get install fonts-noto-cjk fonts-noto-color-emoji for a faithful picture.');
  if (!appsShown) {
    console.error(`The Build Service view showed no apps within 20 s; the picture shows why. Host logs: ${run.dir}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => shutdown(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    return shutdown(1);
  },
);
