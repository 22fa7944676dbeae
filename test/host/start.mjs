// `npm start`: try the extension against the reference build service, with nothing to set up.
// Builds, starts the service (builds you trigger move on), starts VS Code in the browser
// (code-server, bound to 127.0.0.1 only) with the extension installed and buildService.baseUrl set,
// and prints the one address to open and the token to paste. Ctrl-C stops all of it.
//   npm start                      VS Code in your browser
//   npm start -- --desktop         desktop VS Code (`code` on PATH) with --extensionDevelopmentPath
//   npm start -- --port 8080       a fixed port for the browser address
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCodeServer } from './codeServer.mjs';
import { build, linkExtension, makeDemoRepository, startReferenceService } from './demo.mjs';
import { ensureHost } from './install.mjs';
import { projectRoot } from './layout.mjs';
import { createRunFolder } from './runFolder.mjs';
import { isShuttingDown, killGroup, shutdown, stopOnExit } from './shutdown.mjs';
import { requirePackages } from './systemPackages.mjs';

const args = process.argv.slice(2);
const portArg = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : 0;

function printWelcome(address, service) {
  console.log(
    [
      '',
      `Reference build service: ${service.baseUrl} (builds you trigger move on every few seconds)`,
      '',
      `  Open:   ${address}`,
      `  Token:  ${service.token}`,
      '          (Build Service view → "Set Access Token", paste the token)',
      '',
      'Press Ctrl-C to stop everything.',
    ].join('\n'),
  );
}

async function startInBrowser(service) {
  requirePackages({}); // git, for the demo repository
  await ensureHost();
  const run = createRunFolder('start');
  linkExtension(run.extensionsDir);
  const server = await startCodeServer(run, {
    port: portArg,
    settings: { 'buildService.baseUrl': service.baseUrl, 'workbench.startupEditor': 'none', ...makeDemoRepository(run.workspaceDir) },
  });
  printWelcome(`${server.origin}/?folder=${encodeURIComponent(run.workspaceDir)}`, service);
  console.log(`(code-server's logs: ${run.dir})`);
  const why = await server.exited;
  if (!isShuttingDown()) console.error(`code-server stopped by itself (${why}); see ${server.logFile}`);
  return 1;
}

async function startDesktop(service) {
  const run = createRunFolder('start-desktop');
  const settingsFile = path.join(run.userDataDir, 'User', 'settings.json');
  mkdirSync(path.dirname(settingsFile), { recursive: true });
  writeFileSync(settingsFile, JSON.stringify({ 'buildService.baseUrl': service.baseUrl }, null, 2));
  printWelcome('(a desktop VS Code window opens)', service);
  const code = spawn(
    'code',
    [
      '--wait',
      '--new-window',
      `--extensionDevelopmentPath=${projectRoot}`,
      '--user-data-dir',
      run.userDataDir,
      '--extensions-dir',
      run.extensionsDir,
      run.workspaceDir,
    ],
    { stdio: 'inherit', detached: true },
  );
  stopOnExit(async () => killGroup(code.pid, 'SIGTERM'));
  return new Promise((resolve) => {
    code.on('error', (e) => {
      console.error(
        `Could not start desktop VS Code (\`code\` on PATH): ${e.message}. Without --desktop, npm start serves VS Code in your browser.`,
      );
      resolve(1);
    });
    code.on('exit', (status) => resolve(status ?? 0));
  });
}

async function main() {
  if (args.includes('--desktop') && spawnSync('code', ['--version']).error) {
    console.error('Desktop VS Code (`code`) is not on your PATH. Without --desktop, npm start serves VS Code in your browser.');
    return 1;
  }
  build();
  const service = await startReferenceService({ progress: true });
  return args.includes('--desktop') ? startDesktop(service) : startInBrowser(service);
}

main().then(
  (code) => shutdown(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    return shutdown(1);
  },
);
