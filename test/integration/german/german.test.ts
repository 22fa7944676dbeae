// The extension in German: VS Code's display language is German (the test host starts it so, see
// test/host/displayLanguage.mjs), and the signed-out welcome comes from package.nls.de.json. Only what
// a user has is used (no test hooks), so it runs against the installed .vsix in the host the smoke
// suite shares (`npm test`, runInstalled.mjs --suites smoke,german), whose German notifications
// check l10n/bundle.l10n.de.json; `npm run test:german` runs it alone in a development host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startService, type RunningService } from '../../service/server';
import { openAppsView, welcomeTexts } from '../appsView';
import { TOKEN_ENV_VAR } from '../extension';
import { resetSettings, setSetting } from '../settings';
import { waitFor } from '../wait';

describe('German display language', () => {
  let service: RunningService;

  before(async () => {
    delete process.env[TOKEN_ENV_VAR];
    service = await startService();
    await setSetting('baseUrl', service.baseUrl);
    await openAppsView();
  });
  after(async () => {
    await resetSettings();
    await service.close();
  });

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
});
