// The extension as VS Code sees it: it activates, its commands and package.json agree, and its sidebar
// shows up. Reads package.json at run time, so it holds for whatever commands and views the extension
// contributes. That activation never waits for the build service is checked in a window of its own,
// where the service is silent from before the window opens (test/startup/silentService.test.ts): here
// the extension starts with the window (onStartupFinished), before a suite could slow the network down.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { contributes, extension } from '../extension';
import * as ui from '../ui';
import { waitFor } from '../wait';

const commandPrefix = 'buildService.';

describe('activation', () => {
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
