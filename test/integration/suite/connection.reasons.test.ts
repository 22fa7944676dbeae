// "Can I talk to the service, and if not, why?": with no address, an invalid address or no token,
// every command that needs the service says why in one notification with the fix, and every chat
// tool answers the same words as text (Trigger Build: as the error that stops it before it asks),
// without a notification. Nothing is sent in any of them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LoadOutcome } from '../../../src/views/apps/loadOutcome';
import { IOS_2048 } from '../../service/seedCatalog';
import { answerText } from '../chatTools';
import { appNode, textOf, waitForApps } from '../appsView';
import { storeToken } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const INVALID_ADDRESS = 'ftp://builds.example.com/v1';

interface NotReadyState {
  name: string;
  /** What the Apps view's load reports once the extension has seen the change. */
  reason: Extract<LoadOutcome, { status: 'skipped' }>['reason'];
  expected: ui.VisibleNotification;
}

const STATES: NotReadyState[] = [
  {
    name: 'no address',
    reason: 'not-configured',
    expected: {
      message: "No build service address is set. Set buildService.baseUrl to your build service's /v1 address.",
      severity: 'warning',
      actions: ['Open Settings'],
    },
  },
  {
    name: 'an invalid address',
    reason: 'invalid-setting',
    expected: {
      message: 'The setting buildService.baseUrl is not valid: it must start with https:// or http://, not ftp://.',
      severity: 'warning',
      actions: ['Open Settings'],
    },
  },
  {
    name: 'no token',
    reason: 'no-token',
    expected: {
      message: 'No access token is set. Set a personal access token from the dashboard.',
      severity: 'error',
      actions: ['Set Access Token', 'Open Dashboard'],
    },
  },
];

describe('connection: why a command or tool cannot ask the service', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, settings: { autoRefresh: false }, waitForApps: true });
  // The harness puts the settings back after each test; the token is this suite's to put back.
  afterEach(() => storeToken(fixture.api, fixture.service.token));

  /** Makes the state, waits until the extension has seen it, and leaves no toast and no request behind. */
  async function enter(state: NotReadyState): Promise<void> {
    if (state.reason === 'not-configured') await setSetting('baseUrl', undefined);
    if (state.reason === 'no-token') await storeToken(fixture.api, undefined);
    if (state.reason === 'invalid-setting') {
      await setSetting('baseUrl', INVALID_ADDRESS);
      // Announced once when the setting changes; what follows must come from the command alone.
      await ui.waitForNotification('is not valid');
    }
    let outcome: LoadOutcome | undefined;
    await waitFor(
      async () => {
        outcome = await fixture.api.apps.refresh();
        return outcome.status === 'skipped' && outcome.reason === state.reason;
      },
      `the extension sees ${state.name} (last load: ${JSON.stringify(outcome)})`,
    );
    await ui.clearNotifications();
    fixture.service.clearRequests();
  }

  /** What each command is run on: found while connected, as the user clicked it before. */
  const appOf = () => appNode(fixture.api, IOS_2048);
  async function queuedBuild(): Promise<unknown> {
    const builds = await fixture.api.apps.getChildren(await appOf());
    const queued = builds.find((b) => textOf(fixture.api, b).contextValue === 'build.queued');
    assert.ok(queued, 'a queued build is listed');
    return queued;
  }
  const COMMANDS: { title: string; id: string; args: () => Promise<unknown[]> }[] = [
    { title: 'Trigger Build', id: 'buildService.triggerBuild', args: () => Promise.resolve([]) },
    { title: 'Install Latest Build', id: 'buildService.installLatestBuild', args: () => Promise.resolve([]) },
    { title: 'Filter Builds', id: 'buildService.filterBuilds', args: async () => [await appOf()] },
    { title: 'Cancel Build', id: 'buildService.cancelBuild', args: async () => [await queuedBuild()] },
  ];

  for (const command of COMMANDS) {
    for (const state of STATES) {
      it(`${command.title} with ${state.name}: one notification with the reason and its fix, nothing sent`, async () => {
        await waitForApps(fixture.api);
        const args = await command.args();
        await enter(state);
        await vscode.commands.executeCommand(command.id, ...args);
        assert.deepEqual(await ui.waitForNotification(state.expected.message), state.expected);
        assert.deepEqual(await ui.notifications(), [state.expected], 'one notification, no other');
        assert.equal((await ui.quickInput()).visible, false, 'no pick shown');
        assert.deepEqual(
          fixture.service.requests.map((r) => `${r.method} ${r.rawPath}`),
          [],
        );
      });
    }
  }

  const TOOLS: { name: string; input: object }[] = [
    { name: 'buildService_branchStatus', input: {} },
    { name: 'buildService_listBuilds', input: { app: '2048 iOS App' } },
    { name: 'buildService_failedTests', input: { app: '2048 iOS App' } },
    { name: 'buildService_triggerBuild', input: { app: '2048 iOS App', branch: 'develop' } },
  ];

  for (const tool of TOOLS) {
    for (const state of STATES) {
      it(`tool ${tool.name} with ${state.name}: answers the notification's words, shows no notification, sends nothing`, async () => {
        await waitForApps(fixture.api);
        await enter(state);
        const text = await vscode.lm
          .invokeTool(tool.name, { input: tool.input, toolInvocationToken: undefined })
          .then(answerText, (error: unknown) => `threw: ${error instanceof Error ? error.message : String(error)}`);
        assert.equal(text, tool.name === 'buildService_triggerBuild' ? `threw: ${state.expected.message}` : state.expected.message);
        assert.deepEqual(await ui.notificationsAfter(1000), []);
        assert.equal(fixture.service.requests.length, 0);
      });
    }
  }

  it('the fix buttons: Open Settings opens buildService.baseUrl, Set Access Token asks for the token', async () => {
    await enter(STATES[0]);
    await vscode.commands.executeCommand('buildService.triggerBuild');
    await ui.clickNotificationAction('No build service address is set', 'Open Settings');
    await waitFor(() => vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Settings', 'the Settings editor in front');
    await waitFor(
      async () => (await ui.texts('.settings-editor .setting-item-contents .setting-item-label')).join('|') === 'Base Url',
      'only buildService.baseUrl listed',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    await setSetting('baseUrl', fixture.service.baseUrl);
    await enter(STATES[2]);
    await vscode.commands.executeCommand('buildService.installLatestBuild');
    await ui.clickNotificationAction('No access token is set', 'Set Access Token');
    await waitFor(async () => {
      const input = await ui.quickInput();
      return input.visible && input.password;
    }, 'the token input box');
    await ui.pressKey('Escape');
    await waitFor(async () => !(await ui.quickInput()).visible, 'the input box closed');
  });
});
