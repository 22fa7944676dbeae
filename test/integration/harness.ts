// One setup for the integration suites. A suite calls useReferenceService() in its `describe` and
// gets a fresh reference service (a real HTTP server on 127.0.0.1, in this extension-host process)
// that buildService.baseUrl points at, its own settings, and a host left as it found it: every
// buildService.* setting back after each test and at the end, no token stored, Git off.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import { startService, type RunningService } from '../service/server';
import { openAppsView, waitForApps, waitForAppsDrawn } from './appsView';
import { disableGit, git, testRepository, waitForBranchState } from './currentBranch';
import { extensionApi, storeToken, storeTokenFor, testing, TOKEN_ENV_VAR } from './extension';
import { applySettings, resetSettings } from './settings';
import * as ui from './ui';

export interface SuiteSetup {
  /** Skip the whole suite unless this holds, e.g. `ui.uiProbeAvailable` for suites that look at the workbench. */
  onlyIf?: () => boolean;
  /** Store the service's valid token (otherwise none is stored, and the environment has none). */
  token?: boolean;
  /** buildService.* settings, without the prefix; the rest stay at their defaults. Put back after every test. */
  settings?: Record<string, unknown>;
  /** Check out this branch in the test repository, opened through Git, and wait for its builds in Current Branch. */
  checkout?: string;
  /** Open the Build Service side bar on the Apps view, as a user clicking its activity-bar entry. */
  openView?: boolean;
  /** Wait until the Apps view lists apps. */
  waitForApps?: boolean;
}

/** The Apps view as a user looks at it, signed in, listing apps; nothing polls, so every request is the test's. */
export const APPS_VIEW_STILL: SuiteSetup = {
  onlyIf: ui.uiProbeAvailable,
  token: true,
  settings: { autoRefresh: false },
  openView: true,
  waitForApps: true,
};

export interface ReferenceServiceSuite {
  readonly api: BuildServiceExports;
  readonly service: RunningService;
}

/** Call inside a `describe`: registers the before/afterEach/after hooks and returns what they set up. */
export function useReferenceService(setup: SuiteSetup = {}): ReferenceServiceSuite {
  let api: BuildServiceExports | undefined;
  let service: RunningService | undefined;
  const suiteSettings = (running: RunningService) => ({ baseUrl: running.baseUrl, ...setup.settings });

  before(async function () {
    api = await extensionApi();
    if (setup.onlyIf && !setup.onlyIf()) this.skip();
    await clearTheStage();
    service = await startService();
    delete process.env[TOKEN_ENV_VAR];
    await storeToken(api, undefined);
    // The token first: an address without one gets a notice asking for it.
    if (setup.token) await storeTokenFor(api, service.baseUrl, service.token);
    await applySettings(suiteSettings(service));
    if (setup.checkout) await startOnBranch(api, setup.checkout);
    if (setup.openView) await openAppsView();
    if (setup.waitForApps) await waitForApps(api);
    if (setup.openView && setup.waitForApps && ui.uiProbeAvailable()) await waitForAppsDrawn(api);
  });

  // A test that changes a setting need not undo it: the next test starts from the suite's settings.
  afterEach(async () => {
    if (service) await applySettings(suiteSettings(service));
  });

  after(async () => {
    if (api) {
      // The builds followed belong to the service about to close: polling them would only fail.
      testing(api).tracker.forgetAll();
      delete process.env[TOKEN_ENV_VAR];
      await storeToken(api, undefined);
    }
    await resetSettings();
    await disableGit();
    await service?.close();
  });

  return {
    get api() {
      assert.ok(api, 'the suite has not started: use the harness inside a test or hook');
      return api;
    },
    get service() {
      assert.ok(service, 'the suite has not started: use the harness inside a test or hook');
      return service;
    },
  };
}

/**
 * Each suite starts with the workbench as a user finds it: no toasts left by the suite before (VS Code
 * 1.139 stacks and collapses them, hiding their buttons), and no Chat side bar (open by default in
 * 1.139) narrowing the window. A modal dialog still open is a fault of an earlier test, not a leftover
 * to tidy: it takes every click and key (toast buttons, welcome links and input boxes stop answering
 * in every suite after it), so it is closed and this suite fails, naming it.
 */
async function clearTheStage(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar').then(undefined, () => undefined);
  if (!ui.uiProbeAvailable()) return;
  const left = await ui.dialog();
  if (left.visible) {
    await ui.pressKey('Escape');
    throw new Error(
      `An earlier test left a modal dialog open, blocking the workbench: ${JSON.stringify(left.message)} ${JSON.stringify(left.detail)}`,
    );
  }
  await ui.clearNotifications();
}

/** The test repository opened through Git on `branch` (checked out before Git reads it), its builds in Current Branch. */
async function startOnBranch(api: BuildServiceExports, branch: string): Promise<void> {
  await testRepository((dir) => git(dir, 'checkout', '-q', branch));
  await waitForBranchState(api, (s) => s.kind === 'builds' && s.branch === branch, `builds of ${branch}`);
}
