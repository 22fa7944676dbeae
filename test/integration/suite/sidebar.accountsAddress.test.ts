// A token goes only where it was given (issue 31): reference services on their own ports, each recording
// the Authorization header it saw; buildService.baseUrl moved between them as a user does; the address-less token
// under its old key; sign-out; and BUILD_SERVICE_TOKEN, set in this extension host's own environment
// (the tests run in the extension host's process, and the extension reads the variables at use).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startService, type RunningService } from '../../service/server';
import { shownItems } from '../appsView';
import { storeToken, testing, TOKEN_ENV_VAR } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const URL_ENV_VAR = 'BUILD_SERVICE_URL';
const LEGACY_KEY = 'buildService.accessToken';
const bearer = (token: string) => `Bearer ${token}`;
/** Every Authorization header the service saw since it was last cleared (none: undefined). */
const seenBy = (service: RunningService) => [...new Set(service.requests.map((r) => r.headers.authorization))];
const keyOf = (service: RunningService) => `${LEGACY_KEY}@${service.baseUrl}`;

describe('accounts: a token stays with the address it was given for', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, openView: true, waitForApps: true });
  const others: RunningService[] = [];
  const start = async (token: string, seed: string) => {
    const service = await startService({ token, seed });
    others.push(service);
    return service;
  };
  const secret = (key: string) => testing(fixture.api).secrets.get(key);
  const appsShown = (service: RunningService) => async () => (await shownItems(fixture.api)).length === service.data.apps.length;

  beforeEach(() => ui.clearNotifications());
  afterEach(() => {
    delete process.env[TOKEN_ENV_VAR];
    delete process.env[URL_ENV_VAR];
  });
  after(async () => {
    const { accounts, secrets } = testing(fixture.api);
    for (const account of accounts.all()) if (!account.fromSettings) await accounts.signOut(account.id);
    for (const service of others) await secrets.delete(keyOf(service));
    await secrets.delete(LEGACY_KEY);
    await Promise.all(others.map((s) => s.close()));
  });

  it("A's token never reaches B when buildService.baseUrl moves there: one notice, then only B's own token", async () => {
    const b = await start('token-of-b-3c9e1f70', 'Bee');
    await setSetting('baseUrl', b.baseUrl);
    const notice = await ui.waitForNotification(`Set Access Token for ${b.baseUrl}`);
    assert.deepEqual(notice.actions, ['Set Access Token']);
    await fixture.api.apps.refresh();
    await fixture.api.apps.refresh();
    assert.deepEqual(await shownItems(fixture.api), [], 'the view asks for a token');
    assert.equal(b.requests.length, 0, 'nothing sent to B');
    assert.equal((await ui.notifications()).filter((n) => n.message.startsWith('Set Access Token for')).length, 1, 'one notice');

    await ui.clickNotificationAction('Set Access Token for', 'Set Access Token');
    await waitFor(async () => (await ui.quickInput()).password, 'the token box');
    assert.match((await ui.quickInput()).prompt, new RegExp(`for ${new URL(b.baseUrl).host.replace(/\./g, '\\.')} `));
    await ui.typeText(b.token);
    await ui.pressKey('Enter');
    await ui.waitForNotification('Access token saved.');
    assert.deepEqual(seenBy(b), [bearer(b.token)]);

    // Back to A: A's own token, with no question.
    fixture.service.clearRequests();
    await ui.clearNotifications();
    await setSetting('baseUrl', fixture.service.baseUrl);
    await waitFor(appsShown(fixture.service), "A's apps again");
    assert.deepEqual(seenBy(fixture.service), [bearer(fixture.service.token)]);
    assert.deepEqual(await ui.notifications(), [], 'no prompt');
    assert.equal(await secret(keyOf(b)), b.token, "B's token kept under B's address");
  });

  it("to an address signed in as its own account: that account's token goes there, never the previous one", async () => {
    const c = await start('token-of-c-81d2a4e6', 'Sea');
    await testing(fixture.api).accounts.signIn(c.baseUrl, 'Gamma', c.token);
    c.clearRequests();
    await setSetting('baseUrl', c.baseUrl);
    await waitFor(appsShown(c), "C's apps");
    await fixture.api.apps.refresh();
    assert.deepEqual(seenBy(c), [bearer(c.token)]);
    assert.equal((await ui.notifications()).filter((n) => n.message.startsWith('Set Access Token for')).length, 0, 'no notice');
  });

  it('sign-out leaves no secret of the account, and says the environment token still goes there and what stays on screen', async () => {
    const c = others[1];
    assert.ok(c);
    await setSetting('baseUrl', c.baseUrl);
    await waitFor(appsShown(c), "C's apps");
    // A notification about the account, left open.
    c.revokeToken(c.token);
    try {
      await fixture.api.apps.refresh();
      await ui.waitForNotification('Invalid authorization token');
    } finally {
      c.reset();
    }
    process.env[TOKEN_ENV_VAR] = 'environment-token-for-c-5b7d';
    process.env[URL_ENV_VAR] = `${c.baseUrl}/`;
    const id = testing(fixture.api).accounts.byLabel('Gamma')?.id;
    assert.equal(id, c.baseUrl);
    await vscode.commands.executeCommand('buildService.signOut', id);
    const shown = await ui.waitForNotification('Signed out of Gamma.');
    assert.equal(
      shown.message,
      'Signed out of Gamma. The token in BUILD_SERVICE_TOKEN is still used for it, as BUILD_SERVICE_URL names its address: remove both from the environment to stop that. Notifications about it still on screen stay until you close them.',
    );
    assert.equal(await secret(keyOf(c)), undefined, 'its token is gone');
    assert.equal(await secret(LEGACY_KEY), undefined, 'and none under the old key');
    c.clearRequests();
    await fixture.api.apps.refresh();
    assert.deepEqual(seenBy(c), [bearer('environment-token-for-c-5b7d')], 'only the token the environment names it for');

    delete process.env[TOKEN_ENV_VAR];
    c.clearRequests();
    await fixture.api.apps.refresh();
    assert.equal(c.requests.length, 0, 'nothing once the environment has no token for it');
  });

  it("the upgrade from a build before accounts: its token under the old key keeps working with no prompt, and stays with A's address", async () => {
    await storeToken(fixture.api, undefined);
    await waitFor(async () => (await shownItems(fixture.api)).length === 0, 'the view asking for a token');
    await ui.clearNotifications();
    // As a build before accounts left it: the one token under buildService.accessToken, for the address buildService.baseUrl names.
    await testing(fixture.api).secrets.store(LEGACY_KEY, fixture.service.token);
    await waitFor(appsShown(fixture.service), 'the apps, with the address-less token');
    assert.equal((await ui.quickInput()).visible, false, 'no token box');
    assert.deepEqual(await ui.notifications(), [], 'no notification');
    assert.equal(await secret(keyOf(fixture.service)), fixture.service.token, "now A's own");
    assert.equal(await secret(LEGACY_KEY), undefined, 'under no address any more');

    const d = await start('token-of-d-0e4f9b21', 'Dee');
    await setSetting('baseUrl', d.baseUrl);
    await ui.waitForNotification(`Set Access Token for ${d.baseUrl}`);
    await fixture.api.apps.refresh();
    assert.equal(d.requests.length, 0, 'the address-less token does not follow the address');
  });

  it('BUILD_SERVICE_TOKEN goes nowhere BUILD_SERVICE_URL does not name (nor where it is no address), unless the user agrees for that address and token', async () => {
    await storeToken(fixture.api, undefined);
    await waitFor(async () => (await shownItems(fixture.api)).length === 0, 'the view asking for a token');
    process.env[TOKEN_ENV_VAR] = fixture.service.token;
    fixture.service.clearRequests();
    await fixture.api.apps.refresh();
    const question = await ui.waitForNotification('The environment variable BUILD_SERVICE_TOKEN holds an access token');
    assert.equal(
      question.message,
      `The environment variable BUILD_SERVICE_TOKEN holds an access token, and BUILD_SERVICE_URL does not say which service it is for. Send it to ${fixture.service.baseUrl}?`,
    );
    assert.deepEqual(question.actions, ['Use the Token There', "Don't Use"]);
    assert.equal(fixture.service.requests.length, 0, 'nothing sent before the answer');
    await ui.clickNotificationAction('holds an access token', "Don't Use");
    await fixture.api.apps.refresh();
    assert.equal(fixture.service.requests.length, 0, 'nor after "Don\'t Use"');
    assert.deepEqual(await ui.notificationsAfter(500), [], 'asked once');

    const b = others[0];
    assert.ok(b);
    process.env[URL_ENV_VAR] = b.baseUrl;
    await fixture.api.apps.refresh();
    assert.equal(fixture.service.requests.length, 0, 'named for another address');
    process.env[URL_ENV_VAR] = fixture.service.baseUrl;
    await fixture.api.apps.refresh();
    assert.deepEqual(seenBy(fixture.service), [bearer(fixture.service.token)], 'named for this one');

    // No name, and the user agrees for one address: there only.
    delete process.env[URL_ENV_VAR];
    process.env[TOKEN_ENV_VAR] = b.token;
    await testing(fixture.api).secrets.delete(keyOf(b));
    b.clearRequests();
    await setSetting('baseUrl', b.baseUrl);
    await ui.clickNotificationAction(`Send it to ${b.baseUrl}?`, 'Use the Token There');
    await waitFor(appsShown(b), "B's apps with the environment's token");
    assert.deepEqual(seenBy(b), [bearer(b.token)]);

    // The answer holds for that token only: another one in the environment is asked about again.
    await ui.clearNotifications();
    process.env[TOKEN_ENV_VAR] = 'another-token-5d1c8e07';
    b.clearRequests();
    await fixture.api.apps.refresh();
    await ui.waitForNotification(`Send it to ${b.baseUrl}?`);
    assert.equal(b.requests.length, 0, "another token is not sent on the first one's answer");
    await ui.clickNotificationAction(`Send it to ${b.baseUrl}?`, "Don't Use");

    await ui.clearNotifications();
    b.clearRequests();
    process.env[TOKEN_ENV_VAR] = b.token;
    process.env[URL_ENV_VAR] = 'b.example.com/v1';
    await fixture.api.apps.refresh();
    const notice = await ui.waitForNotification('BUILD_SERVICE_URL is set but is not an address');
    assert.equal(
      notice.message,
      'BUILD_SERVICE_URL is set but is not an address of a build service, so the token in BUILD_SERVICE_TOKEN is sent nowhere. Correct or remove BUILD_SERVICE_URL.',
    );
    assert.equal(b.requests.length, 0, 'nothing sent, and no question asked');
    assert.ok(!(await ui.notificationsAfter(300)).some((n) => n.message.includes('Send it to')), 'no question');
  });
});
