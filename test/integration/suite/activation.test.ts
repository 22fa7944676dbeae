// The extension as VS Code sees it: it activates, its commands and package.json agree, its sidebar
// shows up, and activation never waits for the build service. Reads package.json at run time, so it
// holds for whatever commands and views the extension contributes.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { contributes, extension } from '../extension';
import { resetSettings, setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const commandPrefix = 'buildService.';
/** Far below the service's stall, far above a normal activation on a busy 2-core CI machine. */
const activationBudgetMs = 5_000;

/** A service address that accepts connections and never answers: the worst network there is. */
async function startStallingService(): Promise<{ baseUrl: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

describe('activation', () => {
  it('does not wait for the network: activates while the service never answers', async function () {
    if (extension().isActive) {
      // Activated at startup (e.g. onStartupFinished) before this suite could slow the network down.
      console.log('    (the extension was already active when the suite started; nothing to time)');
      this.skip();
    }
    const service = await startStallingService();
    const tokenBefore = process.env.BUILD_SERVICE_TOKEN;
    try {
      await setSetting('baseUrl', service.baseUrl);
      // The extension falls back to this variable for its token, so it has every reason to fetch.
      process.env.BUILD_SERVICE_TOKEN = tokenBefore ?? 'integration-test-token';
      const started = Date.now();
      const activated = extension()
        .activate()
        .then(() => 'activated' as const);
      const outcome = await Promise.race([activated, new Promise<'stalled'>((r) => setTimeout(() => r('stalled'), activationBudgetMs))]);
      assert.equal(outcome, 'activated', `activate() had not finished after ${activationBudgetMs} ms while the service was silent`);
      assert.ok(extension().isActive);
      console.log(`    (activated in ${Date.now() - started} ms; the service saw ${service.connections()} connection(s))`);
    } finally {
      if (tokenBefore === undefined) delete process.env.BUILD_SERVICE_TOKEN;
      else process.env.BUILD_SERVICE_TOKEN = tokenBefore;
      await resetSettings();
      await service.close();
    }
  });

  it('activates', async () => {
    await extension().activate();
    assert.ok(extension().isActive);
  });

  it('registers every command package.json contributes', async () => {
    await extension().activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = (contributes().commands ?? []).map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'contributed in package.json but not registered');
  });

  it(`contributes every ${commandPrefix}* command it registers`, async () => {
    await extension().activate();
    const contributed = new Set((contributes().commands ?? []).map((c) => c.command));
    // VS Code itself registers <viewId>.focus, .open, .toggleVisibility … for every contributed view.
    const viewIds = Object.values(contributes().views ?? {})
      .flat()
      .map((v) => v.id);
    const byVsCode = (id: string) => viewIds.some((view) => id.startsWith(`${view}.`));
    const registered = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith(commandPrefix) && !byVsCode(id));
    assert.deepEqual(
      registered.filter((id) => !contributed.has(id)),
      [],
      'registered but missing from package.json',
    );
  });

  describe('what the user sees', function () {
    before(function () {
      // Only the web test host can look at the workbench; desktop runs check the API side only.
      if (!ui.uiProbeAvailable() && vscode.env.uiKind === vscode.UIKind.Desktop) this.skip();
    });

    it('shows an activity-bar entry for each view container', async () => {
      const containers = contributes().viewsContainers?.activitybar ?? [];
      assert.ok(containers.length > 0, 'package.json contributes no activity-bar view container');
      for (const { title } of containers) {
        const entries = await ui.texts(`.activitybar a.action-label[aria-label^="${title}"]`);
        assert.equal(entries.length, 1, `activity bar entry "${title}"`);
      }
    });

    it('opens each container with its views', async () => {
      const containers = contributes().viewsContainers?.activitybar ?? [];
      assert.ok(containers.length > 0, 'package.json contributes no activity-bar view container');
      for (const { id, title } of containers) {
        // Clicking the entry of the container already shown would close the side bar instead.
        await vscode.commands.executeCommand('workbench.view.explorer');
        await ui.click(`.activitybar a.action-label[aria-label^="${title}"]`);
        const views = contributes().views?.[id] ?? [];
        assert.ok(views.length > 0, `view container ${id} has no views`);
        for (const { name } of views) {
          await waitFor(
            async () => (await ui.texts(`.sidebar [aria-label^="${name} Section"]`)).length > 0,
            `view "${name}" in the side bar`,
          );
        }
        // "BUILD SERVICE", or "BUILD SERVICE: APPS" when the container holds a single view.
        const [heading] = await ui.texts('.sidebar .composite.title h2');
        assert.ok(heading?.toUpperCase().startsWith(title.toUpperCase()), `side bar heading ${JSON.stringify(heading)}`);
      }
    });
  });
});
