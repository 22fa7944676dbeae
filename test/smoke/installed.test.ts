// The smoke suite for the packaged extension: the .vsix installed the way a user installs it, in
// ExtensionMode.Production, so only what a user has is used here: the commands, the exported `apps`
// API and what the workbench shows (the UI probe). Run by test/host/runInstalled.mjs in the host it
// shares with the German suite, whose display language is German: the notifications read here come
// from the installed copy's l10n/bundle.l10n.de.json (English is what the installed .vsix shows on
// VS Code 1.139.1, in npm test's cross-version run).
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import { startService, type RunningService } from '../service/server';
import { openAppsView, shownItems } from '../integration/appsView';
import { EXTENSION_ID, TOKEN_ENV_VAR } from '../integration/extension';
import { resetSettings, setSetting } from '../integration/settings';
import { waitFor } from '../integration/wait';
import * as ui from '../integration/ui';

/** Runs Set Access Token as the palette would and types the token into its password box. */
async function enterToken(token: string): Promise<void> {
  void vscode.commands.executeCommand('buildService.setAccessToken');
  await waitFor(async () => (await ui.quickInput()).visible, 'the token input box');
  assert.equal((await ui.quickInput()).password, true);
  await ui.typeText(token);
  await ui.pressKey('Enter');
}

describe('smoke: the installed .vsix', () => {
  let extension: vscode.Extension<BuildServiceExports>;
  let api: BuildServiceExports;
  let service: RunningService;

  before(async () => {
    delete process.env[TOKEN_ENV_VAR];
    service = await startService();
  });
  after(async () => {
    await vscode.commands.executeCommand('buildService.clearAccessToken');
    await resetSettings();
    await service.close();
  });
  beforeEach(() => ui.clearNotifications());

  it('is the packaged copy, activates, and has no test hooks (production mode)', async () => {
    const found = vscode.extensions.getExtension<BuildServiceExports>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is installed`);
    extension = found;
    // An installed copy is unpacked from the .vsix: no sources, no sourcemaps.
    assert.equal(existsSync(path.join(extension.extensionPath, 'src')), false);
    assert.deepEqual(
      readdirSync(path.join(extension.extensionPath, 'dist')).filter((f) => f.endsWith('.map')),
      [],
    );
    api = await extension.activate();
    assert.equal(extension.isActive, true);
    assert.equal(typeof api.apps.getChildren, 'function');
    assert.equal(api.testing, undefined);
  });

  it('lists the apps of the reference service once the token is set', async () => {
    await setSetting('baseUrl', service.baseUrl);
    await openAppsView();
    await enterToken(service.token);
    const count = service.data.apps.length;
    assert.ok(count > 1, 'the seeded service has apps');
    const shown = await ui.waitForNotification('Zugriffstoken gespeichert.');
    assert.equal(shown.message, `Zugriffstoken gespeichert. Der Build-Dienst führt dafür ${count} Apps.`);
    const labels = (await shownItems(api)).map((i) => i.label);
    assert.deepEqual([...labels].sort(), service.data.apps.map((a) => a.app_name).sort());
    // And on screen, in the Apps view's tree.
    await waitFor(
      async () => (await ui.texts('.monaco-list-row')).some((t) => t.includes(labels[0] ?? '?')),
      `"${labels[0]}" in the Apps view`,
    );
  });

  it('a token the service refuses (401): its message in an error notification with the fixes', async () => {
    await enterToken('not-a-valid-token');
    // The service's own words stay as it sent them; the sentence around them and the buttons are German.
    const shown = await ui.waitForNotification('Invalid authorization token');
    assert.deepEqual(shown, {
      message: 'Invalid authorization token. Legen Sie ein persönliches Zugriffstoken aus dem Dashboard fest.',
      severity: 'error',
      actions: ['Zugriffstoken festlegen', 'Dashboard öffnen'],
    });
  });
});
