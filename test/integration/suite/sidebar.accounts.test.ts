// Several accounts in one window (issue 21): a second reference service on another port, with other
// apps and another token, signed in to through the Sign In flow's real input boxes; each service sees
// only its own token; signing out of one takes its apps, followed builds and test results at once.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { startService, type RunningService } from '../../service/server';
import { askTool } from '../chatTools';
import { reveal, textOf } from '../appsView';
import { extensionApi, extensionModule, readLog, testing, waitForLog } from '../extension';
import { useReferenceService } from '../harness';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';

const STAGING_TOKEN = 'staging-token-5e1d0c9a7b';

/** Runs Sign In as the palette would and answers its three boxes: address, token (a password box), name. */
async function signIn(address: string, token: string, label: string): Promise<void> {
  void vscode.commands.executeCommand('buildService.signIn');
  await waitFor(async () => (await ui.quickInput()).prompt.includes('API address'), 'the address box');
  await ui.pressKey('Control+A');
  await ui.typeText(address);
  await ui.pressKey('Enter');
  await waitFor(async () => (await ui.quickInput()).password, 'the token box');
  assert.match((await ui.quickInput()).prompt, /personal access token for 127\.0\.0\.1:\d+/);
  await ui.typeText(token);
  await ui.pressKey('Enter');
  await waitFor(async () => {
    const box = await ui.quickInput();
    return box.visible && !box.password && box.prompt.includes('A name for this account');
  }, 'the name box');
  await ui.pressKey('Control+A');
  await ui.typeText(label);
  await ui.pressKey('Enter');
  await ui.waitForNotification(`Signed in to ${label}`);
}

function accountNodes(roots: AppsTreeNode[]): Extract<AppsTreeNode, { kind: 'account' }>[] {
  return roots.filter((n): n is Extract<AppsTreeNode, { kind: 'account' }> => n.kind === 'account');
}

function appIds(nodes: readonly AppsTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.kind === 'app' ? [n.app.id] : [])).sort();
}

const bearer = (token: string) => `Bearer ${token}`;

describe('accounts: two services in one window', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, openView: true, waitForApps: true });
  let staging: RunningService;

  before(async () => {
    staging = await startService({ token: STAGING_TOKEN, seed: 'Staging' });
  });

  after(async () => {
    const { accounts } = testing(fixture.api);
    for (const account of accounts.all()) if (!account.fromSettings) await accounts.signOut(account.id);
    await staging?.close();
  });

  it('signing in to a second service shows both accounts, each with its own apps, at one GET /apps each', async () => {
    await ui.clearNotifications();
    staging.clearRequests();
    await signIn(staging.baseUrl, STAGING_TOKEN, 'Staging');
    await waitFor(async () => accountNodes(await fixture.api.apps.getChildren()).length === 2, 'two accounts in the Apps view');
    const [first, second] = accountNodes(await fixture.api.apps.getChildren());
    assert.ok(first && second);
    const host = new URL(fixture.service.baseUrl).host;
    assert.deepEqual(
      [textOf(fixture.api, first).label, textOf(fixture.api, second).label],
      [host, 'Staging'],
      'the account of buildService.baseUrl first, under its host',
    );
    assert.equal(textOf(fixture.api, second).description, `${new URL(staging.baseUrl).host} · ${staging.data.apps.length} apps`);
    assert.equal(
      fixture.api.apps.getTreeItem(second).accessibilityInformation?.label,
      `Account Staging, 127.0.0.1, ${staging.data.apps.length} apps`,
      'heard as words, the port left out',
    );
    assert.deepEqual(appIds(first.children), fixture.service.data.apps.map((a) => a._id).sort());
    assert.deepEqual(appIds(second.children), staging.data.apps.map((a) => a._id).sort());
    assert.ok(second.children.every((n) => n.kind !== 'app' || n.app.name.startsWith('Staging ')));
    // The sign-in check's list is the one shown: the token was checked with one request, and not asked for again.
    assert.equal(staging.requestsTo('GET /apps').length, 1);
    const sessions = await testing(fixture.api).accountsMenu.getSessions(undefined, {});
    assert.deepEqual(
      sessions.map((s) => s.account.label),
      [host, 'Staging'],
    );
    // Nothing secret outside secret storage.
    const stored = JSON.stringify(vscode.workspace.getConfiguration('buildService'));
    assert.ok(!stored.includes(STAGING_TOKEN));
    assert.ok(!(await readLog(fixture.api)).includes(STAGING_TOKEN));
    await waitForLog(fixture.api, /\[Staging\] GET \/apps 200 in \d+ ms/);
  });

  it("each service sees only its own token, on every request of a refresh and of an app's builds", async () => {
    fixture.service.clearRequests();
    staging.clearRequests();
    await fixture.api.apps.refresh();
    const [first, second] = accountNodes(await fixture.api.apps.getChildren());
    assert.ok(first && second);
    const stagingApp = second.children.find((n) => n.kind === 'app');
    const firstApp = first.children.find((n) => n.kind === 'app');
    assert.ok(stagingApp && firstApp);
    await fixture.api.apps.getChildren(stagingApp);
    await fixture.api.apps.getChildren(firstApp);
    assert.ok(staging.requests.length >= 2 && fixture.service.requests.length >= 2);
    assert.deepEqual([...new Set(staging.requests.map((r) => r.headers.authorization))], [bearer(STAGING_TOKEN)]);
    assert.deepEqual([...new Set(fixture.service.requests.map((r) => r.headers.authorization))], [bearer(fixture.service.token)]);
  });

  it('chat tools take the account by its label, and the trigger confirmation names it', async () => {
    const tools = testing(fixture.api).chatTools;
    const text = (name: string, input: object) => askTool(fixture.api, name, input);
    fixture.service.clearRequests();
    staging.clearRequests();
    const listed = await text('buildService_listBuilds', { account: 'staging', app: 'Staging 2048 iOS App', limit: 3 });
    assert.match(listed, /Staging 2048 iOS App/);
    assert.equal(staging.requestsTo('GET /apps/:app_id/builds').length, 1, 'asked of the account named (labels are case-blind)');
    assert.equal(fixture.service.requests.length, 0, 'nothing asked of the other account');
    const host = new URL(fixture.service.baseUrl).host;
    assert.equal(
      await text('buildService_listBuilds', { account: 'Nope' }),
      `No account is called "Nope". The accounts are: ${host}, Staging.`,
    );
    const prepared = await tools.buildService_triggerBuild?.prepareInvocation?.(
      { input: { account: 'Staging', app: 'Staging 2048 iOS App', branch: 'develop' } },
      new vscode.CancellationTokenSource().token,
    );
    assert.deepEqual(prepared?.confirmationMessages, {
      title: 'Trigger a build?',
      message: 'Start a build of Staging 2048 iOS App on branch develop with the account Staging?',
    });
    assert.equal(staging.requests.filter((r) => r.method === 'POST').length, 0, 'nothing started before the answer');
  });

  it("Download Artifact on a row of the other account's build goes with that account's token, to its service only", async () => {
    const folder = path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', 'build-artifacts');
    await rm(folder, { recursive: true, force: true });
    try {
      const [, second] = accountNodes(await fixture.api.apps.getChildren());
      const app = second?.children.find((n) => n.kind === 'app' && n.app.name === 'Staging 2048 iOS App');
      assert.ok(app);
      const build = (await fixture.api.apps.getChildren(app)).find(
        (n) => n.kind === 'build' && n.build.links.download.length > 0 && n.build.finished,
      );
      assert.ok(build?.kind === 'build');
      const link = build.build.links.download[0];
      assert.ok(link);
      const row = (await fixture.api.apps.getChildren(build)).find((d) => textOf(fixture.api, d).label === `Download: ${link.name}`);
      assert.ok(row, 'the download row');
      fixture.service.clearRequests();
      staging.clearRequests();
      await ui.clearNotifications();
      const done = vscode.commands.executeCommand<string | undefined>('buildService.downloadArtifact', row);
      await waitFor(async () => (await ui.quickInput()).placeholder.startsWith('Where to save'), 'the folder pick');
      await ui.pressKey('Enter');
      const saved = await done;
      assert.ok(saved, 'saved');
      const sent = staging.requestsTo('GET /builds/:build_id/artifacts/:file');
      assert.equal(sent.length, 1);
      assert.equal(sent[0]?.headers.authorization, bearer(STAGING_TOKEN));
      assert.equal(fixture.service.requestsTo('GET /builds/:build_id/artifacts/:file').length, 0, 'no download asked of the other service');
      assert.ok(fixture.service.requests.every((r) => r.headers.authorization === bearer(fixture.service.token)));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("a failing account shows its own error and fix, and hides none of the other's apps", async () => {
    staging.revokeToken(STAGING_TOKEN);
    try {
      await ui.clearNotifications();
      await fixture.api.apps.refresh();
      const [first, second] = accountNodes(await fixture.api.apps.getChildren());
      assert.ok(first && second);
      assert.equal(appIds(first.children).length, fixture.service.data.apps.length);
      const [error] = second.children.map((n) => textOf(fixture.api, n));
      assert.equal(error?.label, 'Invalid authorization token.');
      assert.deepEqual(error?.command?.arguments, [testing(fixture.api).accounts.byLabel('Staging')?.id]);
      assert.equal(error?.command?.command, 'buildService.setAccessToken');
      assert.match(textOf(fixture.api, second).description, /failed$/);
      const shown = await ui.waitForNotification('Invalid authorization token');
      assert.match(shown.message, /^Staging: Invalid authorization token\./);
    } finally {
      staging.reset();
    }
  });

  it('signing out of one takes its apps, followed builds and test results at once; the other is untouched', async () => {
    await fixture.api.apps.refresh();
    const [first, second] = accountNodes(await fixture.api.apps.getChildren());
    assert.ok(first && second);
    // Expand an app of each account, as a click does: their unfinished builds are followed.
    const followedOf = (service: RunningService) => {
      const ids = new Set(service.data.builds.map((b) => b._id));
      return testing(fixture.api).tracker.followedIds.filter((id) => ids.has(id));
    };
    const stagingApp = second.children.find((n) => n.kind === 'app');
    const firstApp = first.children.find((n) => n.kind === 'app');
    assert.ok(stagingApp && firstApp);
    await reveal(fixture.api, second, { expand: true });
    await reveal(fixture.api, stagingApp, { expand: true });
    await reveal(fixture.api, first, { expand: true });
    await reveal(fixture.api, firstApp, { expand: true });
    await waitFor(() => followedOf(staging).length > 0 && followedOf(fixture.service).length > 0, 'builds of both followed');
    // Test results of a finished Staging build in the Testing view.
    const stagingBuilds = await fixture.api.apps.getChildren(stagingApp);
    const finished = stagingBuilds.find((n) => n.kind === 'build' && (n.build.status === 'failed' || n.build.status === 'success'));
    assert.ok(finished);
    await vscode.commands.executeCommand('buildService.showTestResults', finished);
    await waitFor(() => testing(fixture.api).tests.view?.shown !== undefined, 'Staging test results shown');
    await vscode.commands.executeCommand('buildService.showCoverage', finished);
    await waitFor(() => testing(fixture.api).coverage.view?.shown !== undefined, 'Staging coverage shown');
    const kept = followedOf(fixture.service);

    await ui.clearNotifications();
    const id = testing(fixture.api).accounts.byLabel('Staging')?.id;
    assert.ok(id);
    await vscode.commands.executeCommand('buildService.signOut', id);
    await ui.waitForNotification('Signed out of Staging.');
    assert.deepEqual(followedOf(staging), [], 'no Staging build followed');
    assert.deepEqual(followedOf(fixture.service), kept, 'the other account keeps its followed builds');
    assert.equal(testing(fixture.api).tests.view?.shown, undefined, 'the Testing view no longer shows its results');
    assert.equal(testing(fixture.api).coverage.view?.shown, undefined, 'nor its coverage');
    const roots = await fixture.api.apps.getChildren();
    assert.deepEqual(accountNodes(roots), [], 'one account: its apps at the top, as before');
    assert.deepEqual(appIds(roots), fixture.service.data.apps.map((a) => a._id).sort());
    assert.equal(await testing(fixture.api).secrets.get(`buildService.accessToken@${id}`), undefined, 'its token is gone');
    assert.deepEqual(
      (await testing(fixture.api).accountsMenu.getSessions(undefined, {})).map((s) => s.account.label),
      [new URL(fixture.service.baseUrl).host],
    );
    staging.clearRequests();
    await fixture.api.apps.refresh();
    assert.equal(staging.requests.length, 0, 'nothing more is sent to the account signed out of');
  });
});

describe('accounts: five accounts', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });
  const others: RunningService[] = [];

  after(async () => {
    const { accounts } = testing(fixture.api);
    for (const account of accounts.all()) if (!account.fromSettings) await accounts.signOut(account.id);
    await Promise.all(others.map((s) => s.close()));
  });

  it('a refresh costs one GET /apps per account, and nothing else', async () => {
    const { accounts } = testing(fixture.api);
    for (let i = 1; i <= 4; i++) {
      const service = await startService({ token: `token-of-service-${i}`, seed: `S${i}` });
      others.push(service);
      await accounts.signIn(service.baseUrl, `Service ${i}`, service.token);
    }
    assert.equal(accounts.all().length, 5);
    await fixture.api.apps.refresh();
    const all = [fixture.service, ...others];
    for (const s of all) s.clearRequests();
    await fixture.api.apps.refresh();
    assert.deepEqual(
      all.map((s) => s.requests.map((r) => r.route)),
      all.map(() => ['GET /apps']),
    );
    const roots = await fixture.api.apps.getChildren();
    assert.equal(accountNodes(roots).length, 5);
    assert.deepEqual(
      all.map((s) => s.requests.length),
      all.map(() => 1),
      'showing the tree asks nothing more',
    );
  });
});

describe('accounts: upgrade and workspace settings', () => {
  // One address and its token, no account list (the address-less token under its old key: sidebar.accountsAddress).
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, openView: true });
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  // Workspace settings: the .code-workspace file when the window has one, else the folder's settings.json.
  const workspaceFile = vscode.workspace.workspaceFile?.scheme === 'file' ? vscode.workspace.workspaceFile.fsPath : undefined;
  const settingsFile = workspaceFile ?? path.join(folder, '.vscode', 'settings.json');
  /** The workspace's own settings (files.exclude for the Testing view's suites), put back after. */
  let original: string | undefined;

  before(async () => {
    original = await readFile(settingsFile, 'utf8').catch(() => undefined);
  });

  async function restoreSettingsFile(): Promise<void> {
    if (original === undefined) await rm(settingsFile, { force: true });
    else await writeFile(settingsFile, original);
  }

  after(restoreSettingsFile);

  it("a window with today's settings and stored token shows the same apps, with no prompt", async () => {
    await waitFor(async () => (await fixture.api.apps.getChildren()).some((n) => n.kind === 'app'), 'apps listed');
    const roots = await fixture.api.apps.getChildren();
    assert.deepEqual(appIds(roots), fixture.service.data.apps.map((a) => a._id).sort());
    assert.deepEqual(accountNodes(roots), []);
    assert.equal((await ui.quickInput()).visible, false, 'no sign-in box');
    assert.deepEqual(await ui.notifications(), [], 'no notification');
    assert.deepEqual(
      (await testing(fixture.api).accountsMenu.getSessions(undefined, {})).map((s) => s.account.label),
      [new URL(fixture.service.baseUrl).host],
      'in the Accounts menu, under its host',
    );
  });

  it('a workspace naming an unknown account changes nothing and says so once; an address there is ignored', async () => {
    const other = await startService({ token: 'workspace-token', seed: 'Elsewhere' });
    try {
      await ui.clearNotifications();
      fixture.service.clearRequests();
      await mkdir(path.dirname(settingsFile), { recursive: true });
      const kept = (original === undefined ? {} : JSON.parse(original)) as { settings?: object };
      const mine = { 'buildService.account': 'No Such Account', 'buildService.baseUrl': other.baseUrl };
      const written = workspaceFile ? { ...kept, settings: { ...kept.settings, ...mine } } : { ...kept, ...mine };
      await writeFile(settingsFile, JSON.stringify(written, undefined, 2));
      const shown = await ui.waitForNotification('names no account of yours');
      assert.equal(
        shown.message,
        'buildService.account names no account of yours: No Such Account. Nothing changes: the first account is used.',
      );
      await fixture.api.apps.refresh();
      await fixture.api.apps.refresh();
      assert.deepEqual(appIds(await fixture.api.apps.getChildren()), fixture.service.data.apps.map((a) => a._id).sort());
      assert.equal(other.requests.length, 0, 'the workspace address got nothing');
      assert.equal((await ui.notifications()).filter((n) => n.message.includes('names no account')).length, 1, 'said once');
      const log = await readLog(fixture.api);
      assert.equal(log.split('names no account of yours: No Such Account').length - 1, 1);
    } finally {
      await restoreSettingsFile();
      await other.close();
    }
  });
});

describe('accounts: what is kept across windows', () => {
  // VS Code's globalState takes back the echo of each write it sent: a write made meanwhile was lost
  // (193 of 300 here). Sizes of many builds, repositories of many accounts arrive together like this.
  it('entries of 300 accounts written together are all kept', async () => {
    const { state, globalState } = testing(await extensionApi());
    const scopes = Array.from({ length: 300 }, (_, i) => `http://127.0.0.1:1/kept-${i}`);
    const written: Promise<void>[] = [];
    try {
      for (const [i, scope] of scopes.entries()) {
        written.push(state.write('buildService.appRepositories', { sweptAt: i, repos: {} }, scope));
        await sleep(i % 3);
      }
      await Promise.all(written);
      await sleep(200);
      const lost = scopes.filter(
        (scope, i) => (globalState.get<{ sweptAt: number }>(`buildService.appRepositories ${scope}`)?.sweptAt ?? -1) !== i,
      );
      assert.deepEqual(lost, [], `${lost.length} of 300 lost`);
    } finally {
      await Promise.all(scopes.map((scope) => state.write('buildService.appRepositories', undefined, scope)));
    }
  });

  // As the window closes VS Code calls deactivate() and waits for its promise (a few seconds at most):
  // writes still queued behind the batch in flight were lost with the window.
  it('deactivate() returns once every write queued is with VS Code (the window closing; issue 47)', async () => {
    const { state, globalState } = testing(await extensionApi());
    const scopes = Array.from({ length: 300 }, (_, i) => `http://127.0.0.1:1/closing-${i}`);
    try {
      // Written together, as sizes of many builds arrive: one goes out, the rest wait behind it.
      for (const [i, scope] of scopes.entries()) void state.write('buildService.appRepositories', { sweptAt: i, repos: {} }, scope);
      await extensionModule().deactivate?.();
      const lost = scopes.filter(
        (scope, i) => (globalState.get<{ sweptAt: number }>(`buildService.appRepositories ${scope}`)?.sweptAt ?? -1) !== i,
      );
      assert.deepEqual(lost.length, 0, `${lost.length} of 300 not yet with VS Code when deactivate() returned`);
    } finally {
      await Promise.all(scopes.map((scope) => state.write('buildService.appRepositories', undefined, scope)));
    }
  });

  it('a write settles once it is kept, while another owner goes on writing', async () => {
    const { state, globalState } = testing(await extensionApi());
    const [first, other] = ['http://127.0.0.1:1/first', 'http://127.0.0.1:1/other'];
    let writing = true;
    try {
      const settled = state.write('buildService.appRepositories', { sweptAt: 1, repos: {} }, first).then(() => writing);
      // Another owner writes every millisecond for 3 s (sizes arriving four at a time, say).
      const until = Date.now() + 3_000;
      for (let i = 0; Date.now() < until; i++) {
        void state.write('buildService.appRepositories', { sweptAt: i, repos: {} }, other);
        await sleep(1);
      }
      writing = false;
      assert.equal(await settled, true, 'settled while the other owner was still writing');
      assert.equal(globalState.get<{ sweptAt: number }>(`buildService.appRepositories ${first}`)?.sweptAt, 1);
    } finally {
      writing = false;
      await Promise.all([first, other].map((scope) => state.write('buildService.appRepositories', undefined, scope)));
    }
  });
});
