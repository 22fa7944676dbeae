#!/usr/bin/env node
// A stand-in for the VS Code executable, for @vscode/test-electron's runTests({ vscodeExecutablePath }).
// runTests starts it with the desktop CLI's arguments and takes its exit code as the test result;
// we run the same tests in code-server's Node extension host instead, shown in headless Chromium:
//   launcher.mjs [folder or .code-workspace file] --extensionDevelopmentPath=<dir> --extensionTestsPath=<file> [ignored flags]
//     --user-settings=<file>  a JSON object of user settings to start with, beside the quiet ones (codeServer.mjs)
//     --unfocused             the window opens in the background: another tab is in front as the workbench loads
//     --port=<n>              code-server's port (default: a free one)
//     --browser-profile=<dir> a browser profile kept there: a later run on the same port (the same origin)
//                             finds the workbench's state, the extensions' globalState included
// Exit code: 0 all passed, 1 tests failed, 2 the host failed or the run timed out.
// BUILD_SERVICE_TEST_TIMEOUT (seconds, default 600: twice the longest suite on a slow machine) cuts a hung run; its logs and a screenshot stay
// in the run folder whose path is printed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './browser.mjs';
import { remoteUri, startCodeServer, workbenchUrl } from './codeServer.mjs';
import { ensureHost } from './install.mjs';
import { defaultHost, hostNamed } from './layout.mjs';
import { createRunFolder } from './runFolder.mjs';
import { shutdown } from './shutdown.mjs';
import { awaitTestOutcome } from './testOutcome.mjs';
import { requirePackages } from './systemPackages.mjs';
import { blurPage, startUiProbe, uiProbeEnvVar } from './uiProbe.mjs';
import { forwardConsole, outputTag } from './workbenchConsole.mjs';

const timeoutSeconds = Number(process.env.BUILD_SERVICE_TEST_TIMEOUT) || 600;
const started = Date.now();
const say = (text) => console.log(`[test host ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);

function parseCli(argv) {
  const flag = (name) => argv.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
  const [developmentPath] = flag('extensionDevelopmentPath');
  const [testsPath] = flag('extensionTestsPath');
  const [settingsFile] = flag('user-settings');
  const [port] = flag('port');
  const [profileDir] = flag('browser-profile');
  if (!developmentPath || !testsPath)
    throw new Error('usage: launcher.mjs [workspace] --extensionDevelopmentPath=<dir> --extensionTestsPath=<file>');
  return {
    developmentPath: path.resolve(developmentPath),
    testsPath: path.resolve(testsPath),
    workspace: argv.find((a) => !a.startsWith('-')),
    settings: settingsFile ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {},
    unfocused: argv.includes('--unfocused'),
    port: port ? Number(port) : 0,
    profileDir,
  };
}

/** The workbench hands over its own logs when the test session ends; keep them with the run. */
function saveWorkbenchLogs(dir, logs) {
  for (const { relativePath, contents } of Array.isArray(logs) ? logs : []) {
    const file = path.join(dir, relativePath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, contents);
  }
}

async function main() {
  const cli = parseCli(process.argv.slice(2));
  requirePackages({ browser: true });
  // BUILD_SERVICE_TEST_HOST=newest (or a code-server version): the bench's runs on another VS Code.
  const host = process.env.BUILD_SERVICE_TEST_HOST ? hostNamed(process.env.BUILD_SERVICE_TEST_HOST) : defaultHost;
  await ensureHost(host);
  const run = createRunFolder('test');
  say(`run folder (logs, screenshot on failure): ${run.dir}`);

  let page;
  const probe = await startUiProbe(() => page);
  // BUILD_SERVICE_TEST_LOCALE=de: VS Code's display language for this run (npm run test:german).
  const locale = process.env.BUILD_SERVICE_TEST_LOCALE || undefined;
  const server = await startCodeServer(run, {
    env: { [uiProbeEnvVar]: probe.url, BUILD_SERVICE_TEST_OUTPUT_TAG: outputTag },
    settings: cli.settings,
    port: cli.port,
    locale,
    host,
  });
  say(`code-server ${server.origin}`);
  ({ page } = await launchBrowser(run, undefined, { profileDir: cli.profileDir }));
  const closeConsoleLog = forwardConsole(page, run.file('workbench-console.log'), {
    echoAll: Boolean(process.env.BUILD_SERVICE_TEST_VERBOSE),
  });

  const testsEnded = new Promise((resolve) => {
    void page.exposeFunction('codeAutomationLog', () => {});
    void page.exposeFunction('codeAutomationExit', (code, logs) => {
      saveWorkbenchLogs(run.file('workbench-logs'), logs);
      resolve(typeof code === 'number' ? code : 1);
    });
  });
  const opened = cli.workspace ? path.resolve(cli.workspace) : run.workspaceDir;
  const url = workbenchUrl(server, {
    ...(opened.endsWith('.code-workspace') ? { workspace: opened } : { folder: opened }),
    payload: [
      ['extensionDevelopmentPath', remoteUri(server, cli.developmentPath)],
      ['extensionTestsPath', remoteUri(server, cli.testsPath)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ],
  });
  if (cli.unfocused) {
    // A navigation brings Playwright's focus emulation back, so the blur comes once the workbench's
    // document exists, before its scripts have loaded: neither it nor the extension host sees focus.
    await page.goto(url, { waitUntil: 'commit' });
    await blurPage(page, { opening: true });
    await page.waitForLoadState('load');
  } else {
    await page.goto(url);
  }
  say('workbench opened; running the tests');

  return awaitTestOutcome({ ended: testsEnded, server, page, run, timeoutSeconds, say, closeConsoleLog });
}

main().then(
  (code) => shutdown(code),
  (e) => {
    console.error(`[test host] ${e instanceof Error ? e.message : e}`);
    return shutdown(2);
  },
);
