// The extension in German: VS Code's display language is German (the test host starts it so with
// BUILD_SERVICE_TEST_LOCALE=de, see test/host/displayLanguage.mjs), and what the user reads comes from
// package.nls.de.json (the welcome view) and l10n/bundle.l10n.de.json (a notification). Run by
// `npm run test:german`, in its own host start.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { welcomeTexts } from '../appsView';
import { storeToken } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { waitFor } from '../wait';

describe('German display language', () => {
  const fixture = useReferenceService({ openView: true });

  it('VS Code runs in German', () => {
    assert.equal(vscode.env.language, 'de');
  });

  it('signed out: the welcome text and its button from package.nls.de.json', async () => {
    await waitFor(async () => (await welcomeTexts()).includes('Zugriffstoken festlegen'), 'the German Set Access Token button');
    const texts = await welcomeTexts();
    assert.ok(texts.includes('Melden Sie sich mit Ihrem persönlichen Zugriffstoken an, um Ihre Apps zu sehen.'), texts.join(' | '));
    assert.ok(texts.includes('der Zugriffstoken-Seite des Dashboards'), texts.join(' | '));
    assert.ok(!texts.includes('Set Access Token'), texts.join(' | '));
  });

  it('a refused token (401): the notification and its buttons from l10n/bundle.l10n.de.json', async () => {
    await ui.clearNotifications();
    await storeToken(fixture.api, 'not-a-valid-token');
    await vscode.commands.executeCommand('buildService.refresh');
    // The service's own words stay as it sent them; the sentence around them and the buttons are German.
    const shown = await ui.waitForNotification('Invalid authorization token');
    assert.deepEqual(shown, {
      message: 'Invalid authorization token. Legen Sie ein persönliches Zugriffstoken aus dem Dashboard fest.',
      severity: 'error',
      actions: ['Zugriffstoken festlegen', 'Dashboard öffnen'],
    });
    await ui.clearNotifications();
  });
});
