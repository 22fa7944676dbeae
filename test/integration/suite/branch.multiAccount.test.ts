// Which account a repository uses (issue 21): two reference services with other apps and tokens, two
// Git repositories in a multi-root workspace. Each section comes from the account whose apps build it;
// when apps of both accounts build one, the user is asked once, and Choose Account for Repository… changes it.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BranchSection } from '../../../src/services/branch/currentBranch';
import { startService, type RunningService } from '../../service/server';
import { FIND_REPLACE, REPO_2048 } from '../../service/seedCatalog';
import {
  addWorkspaceRepository,
  checkOut,
  sectionsWithBuilds,
  git,
  removeWorkspaceRepository,
  secondRepository,
  testRepository,
} from '../currentBranch';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';
import type { BranchBuildNode, RepoNode } from '../../../src/views/branch/branchNodes';

const STAGING_TOKEN = 'staging-token-item5-4f2b';
/** Where the staging service's 2048 apps build in this suite: a repository of their own. */
const STAGING_REPO = 'https://github.com/myorg/2048-staging.git';
const WEATHER_REPO = 'https://github.com/myorg/weather.git';
const PICK_PLACEHOLDER = 'Apps of several accounts build this repository';

const bearer = (token: string) => `Bearer ${token}`;

function appsBuilding(service: RunningService, repo: RegExp): string[] {
  const { apps, builds } = service.data;
  return apps
    .filter((a) => builds.some((b) => b.app_id === a._id && repo.test(b.repo_url ?? '')))
    .map((a) => a._id)
    .sort();
}

const idsOf = (section: BranchSection | undefined) =>
  section?.state.kind === 'builds' ? section.state.entries.map((e) => e.app.id).sort() : [];

describe('current branch: each repository from the account whose apps build it', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, settings: { autoRefresh: false } });
  let staging: RunningService;
  let first: string | undefined;
  let second: string | undefined;

  before(async () => {
    staging = await startService({ token: STAGING_TOKEN, seed: 'Staging' });
    for (const build of staging.data.builds) if (build.repo_url === REPO_2048) build.repo_url = STAGING_REPO;
    await testing(fixture.api).accounts.signIn(staging.baseUrl, 'Staging', STAGING_TOKEN);
  });

  after(async () => {
    await removeWorkspaceRepository(second);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (first) rmSync(path.join(first, 'first.txt'), { force: true });
    const { accounts } = testing(fixture.api);
    for (const account of accounts.all()) if (!account.fromSettings) await accounts.signOut(account.id);
    await staging?.close();
  });

  /** Answers the account quick pick by typing the account's label, as a user filters and presses Enter. */
  async function answerPick(label: string): Promise<void> {
    await waitFor(async () => {
      const box = await ui.quickInput();
      return box.visible && box.placeholder.startsWith(PICK_PLACEHOLDER);
    }, 'the account quick pick');
    await ui.typeText(label);
    await ui.pressKey('Enter');
  }

  it('shows both repositories, each from its own account, and each service sees only its own token', async () => {
    first = await testRepository((dir) => git(dir, 'checkout', '-q', 'master'));
    writeFileSync(path.join(first, 'first.txt'), 'first\n');
    second = secondRepository('staging-', 'develop', STAGING_REPO);

    const { model, statusBar, choices } = testing(fixture.api).branch;
    fixture.service.clearRequests();
    staging.clearRequests();
    await addWorkspaceRepository(fixture.api, second);

    const secondRoot = vscode.Uri.file(second).toString();
    const [one, two] = await sectionsWithBuilds(fixture.api, 2);
    assert.equal(two?.root, secondRoot);
    assert.deepEqual(idsOf(one), appsBuilding(fixture.service, /myorg\/2048/));
    assert.deepEqual(idsOf(two), appsBuilding(staging, /2048-staging/));
    assert.ok(idsOf(two).length > 0);
    assert.equal(model.accountOf(one?.root ?? '')?.id, fixture.service.baseUrl);
    assert.equal(model.accountOf(secondRoot)?.label, 'Staging');
    assert.equal(choices.remembered(secondRoot), undefined, 'one account builds it: nothing asked, nothing remembered');
    assert.equal((await ui.quickInput()).visible, false);
    // Each section's builds were asked of its own service, each with its own token.
    assert.ok(staging.requests.some((r) => r.route === 'GET /apps/:app_id/build/latest' && r.query.branch === 'develop'));
    assert.ok(!fixture.service.requests.some((r) => r.query.branch === 'develop'));
    assert.deepEqual([...new Set(staging.requests.map((r) => r.headers.authorization))], [bearer(STAGING_TOKEN)]);
    assert.deepEqual([...new Set(fixture.service.requests.map((r) => r.headers.authorization))], [bearer(fixture.service.token)]);

    // The status bar names the account of the active editor's repository.
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(second, 'second.txt')));
    await waitFor(() => statusBar.shown?.text.endsWith(' develop') === true, `the status bar on develop (${statusBar.shown?.text})`);
    assert.match(statusBar.shown?.tooltip ?? '', /\nAccount Staging$/);
    assert.equal(model.activeAccount?.label, 'Staging');
    // The Testing view and the coverage follow that repository's latest finished build, asked of its account.
    const hooks = testing(fixture.api);
    const ofStaging = (id: string | undefined) => id !== undefined && staging.data.builds.some((b) => b._id === id);
    await waitFor(() => ofStaging(hooks.tests.view?.shown?.build.id), 'the Testing view on a Staging build');
    await waitFor(() => ofStaging(hooks.coverage.view?.shown?.build.id), 'the coverage of a Staging build');
    for (const route of ['GET /builds/:build_id/tests', 'GET /builds/:build_id/coverage'] as const) {
      const sent = staging.requestsTo(route, hooks.tests.view?.shown?.build.id ?? '');
      assert.ok(sent.length > 0, route);
      assert.ok(sent.every((r) => r.headers.authorization === bearer(STAGING_TOKEN)));
    }
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id/tests', hooks.tests.view?.shown?.build.id ?? '').length, 0);
  });

  it('a build of the Staging section announced: Open Build reveals it, Show Failed Tests asks Staging for its tests', async () => {
    assert.ok(second, 'the first test added the second repository');
    const secondRoot = vscode.Uri.file(second).toString();
    const hooks = testing(fixture.api);
    const [appId] = appsBuilding(staging, /2048-staging/);
    assert.ok(appId);
    const appName = staging.data.apps.find((a) => a._id === appId)?.app_name ?? appId;
    // The poller sees the build finish (this suite otherwise keeps it off); the Testing view shows only what is asked.
    await setSetting('autoRefresh', true);
    await setSetting('testResultsForCurrentBranch', false);
    await setSetting('notifyOnCompletion', 'branch');
    await ui.clearNotifications();

    /** A teammate's build of develop on Staging, shown in its section, then failed: its notice. */
    async function announced(): Promise<{ id: string; message: string }> {
      const response = await fetch(`${staging.baseUrl}/apps/${appId}/build`, {
        method: 'POST',
        headers: { authorization: bearer(STAGING_TOKEN), 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'develop' }),
      });
      const { build_id: id } = (await response.json()) as { build_id: string };
      await hooks.branch.model.refresh();
      const shows = (status: string) => () => {
        const section = hooks.branch.model.sectionStates.find((s) => s.root === secondRoot);
        return (
          section?.state.kind === 'builds' && section.state.entries.some((e) => e.held?.build.id === id && e.held.build.status === status)
        );
      };
      await waitFor(shows('queued'), 'the new Staging build shown');
      await vscode.commands.executeCommand('buildService.currentBranch.focus');
      await waitFor(() => vscode.window.state.focused, 'the window focused');
      staging.finishBuild(id, 'failed');
      await waitFor(shows('failed'), 'the Staging build seen failed', 10_000);
      const number = staging.data.builds.find((b) => b._id === id)?.build_number;
      const message = `Build #${number} of ${appName} on develop failed`;
      await ui.waitForNotification(message);
      return { id, message };
    }

    const first = await announced();
    await ui.clickNotificationAction(first.message, 'Open Build');
    const number = staging.data.builds.find((b) => b._id === first.id)?.build_number;
    await waitFor(
      async () => (await ui.texts('.monaco-list-row.selected')).some((t) => t.includes(appName) && t.includes(`#${number}`)),
      'the Staging build selected in Current Branch',
    );

    const failed = await announced();
    staging.clearRequests();
    fixture.service.clearRequests();
    await ui.clickNotificationAction(failed.message, 'Show Failed Tests');
    await waitFor(() => hooks.tests.view?.shown?.build.id === failed.id, 'the Testing view on the Staging build');
    const sent = staging.requestsTo('GET /builds/:build_id/tests', failed.id);
    assert.ok(sent.length > 0 && sent.every((r) => r.headers.authorization === bearer(STAGING_TOKEN)));
    assert.equal(fixture.service.requestsTo('GET /builds/:build_id/tests', failed.id).length, 0, 'not asked of the other account');
    // Show Failed Tests moved the side bar to the Testing view: back, as the suites after this one expect.
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
  });

  it("a Staging row's Show QR Code asks Staging, with its token, for the app's latest successful build", async () => {
    assert.ok(second, 'the first test added the second repository');
    const secondRoot = vscode.Uri.file(second).toString();
    const { tree } = testing(fixture.api).branch;
    const [appId] = appsBuilding(staging, /2048-staging/);
    const section = tree.getChildren().find((n): n is RepoNode => n.kind === 'repository' && n.root === secondRoot);
    const row = section?.children.find((n): n is BranchBuildNode => n.kind === 'branchBuild' && n.app.id === appId);
    assert.ok(row, 'the Staging section shows the app');
    staging.clearRequests();
    fixture.service.clearRequests();
    await vscode.commands.executeCommand('buildService.showQrCode', row);
    const latest = staging.requestsTo('GET /apps/:app_id/build/latest', appId);
    assert.ok(
      latest.some((r) => r.query.status === 'success' && r.query.branch === 'develop'),
      "asked of the row's own account",
    );
    assert.ok(latest.every((r) => r.headers.authorization === bearer(STAGING_TOKEN)));
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/build/latest', appId).length, 0, "not of the window's account");
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ui.clearNotifications();
    // A closed QR page can leave the focus nowhere; Git sees the next test's changes only in a focused window.
    await vscode.commands.executeCommand('buildService.currentBranch.focus');
    await waitFor(() => vscode.window.state.focused, 'the window focused');
  });

  it('apps of both accounts building one repository: asked once, remembered across reloads, changed by the command', async () => {
    assert.ok(second, 'the first test added the second repository');
    const { model, choices } = testing(fixture.api).branch;
    const secondRoot = vscode.Uri.file(second).toString();
    const host = new URL(fixture.service.baseUrl).host;
    const section = () => model.sectionStates.find((s) => s.root === secondRoot);
    const stagingWeather = appsBuilding(staging, /myorg\/weather/);
    const firstWeather = appsBuilding(fixture.service, /myorg\/weather/);
    assert.ok(stagingWeather.length > 0 && firstWeather.length > 0 && stagingWeather.join() !== firstWeather.join());

    // Both services have apps building the weather repository.
    git(second, 'remote', 'set-url', 'origin', WEATHER_REPO);
    await checkOut(fixture.api, second, '-b', FIND_REPLACE);
    await answerPick('Staging');
    await waitFor(
      () => idsOf(section()).join() === stagingWeather.join(),
      () => `the Staging apps (${JSON.stringify(section()?.state.kind)})`,
    );
    assert.equal(model.accountOf(secondRoot)?.label, 'Staging');
    assert.equal(choices.remembered(secondRoot), staging.baseUrl, 'kept in the workspace');

    // A reload and a refresh use the answer: no question again.
    staging.clearRequests();
    await model.reload();
    await model.refresh();
    assert.equal((await ui.quickInput()).visible, false, 'not asked again');
    assert.deepEqual(idsOf(section()), stagingWeather);
    assert.ok(staging.requests.some((r) => r.query.branch === FIND_REPLACE));

    // The command asks again and changes it.
    const done = vscode.commands.executeCommand('buildService.chooseAccountForRepository', secondRoot);
    await answerPick(host);
    await done;
    await waitFor(() => idsOf(section()).join() === firstWeather.join(), 'the first account’s apps');
    assert.equal(choices.remembered(secondRoot), fixture.service.baseUrl);
    assert.equal(model.accountOf(secondRoot)?.id, fixture.service.baseUrl);
    // The first repository never changed account.
    assert.equal(model.accountOf(model.sectionStates[0]?.root ?? '')?.id, fixture.service.baseUrl);
  });

  it('Sign Out of Staging leaves nothing of it in globalState: neither the account nor the repositories of its apps', async () => {
    const { globalState } = testing(fixture.api);
    const ofStaging = () =>
      globalState.keys().filter((key) => {
        const stored = `${key} ${JSON.stringify(globalState.get(key) ?? null)}`;
        return stored.includes(staging.baseUrl) || stored.includes('2048-staging');
      });
    assert.ok(
      ofStaging().some((key) => key.startsWith('buildService.appRepositories')),
      `Staging's repository map before: ${ofStaging().join(', ')}`,
    );
    await vscode.commands.executeCommand('buildService.signOut', staging.baseUrl);
    await ui.waitForNotification('Signed out of Staging.');
    assert.deepEqual(ofStaging(), []);
    assert.ok(
      globalState.keys().some((key) => key === `buildService.appRepositories ${fixture.service.baseUrl}`),
      'the other account keeps its map',
    );
  });
});
