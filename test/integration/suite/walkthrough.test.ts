// The "Get Started with Build Service" walkthrough: each step is ticked by the real event, not by
// opening it: the address setting changing, a token stored, apps listed, a branch build shown.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openAppsView, waitForApps } from '../appsView';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { storeToken } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const WALKTHROUGH = 'buildservice.build-service#buildService.gettingStarted';
const STEPS = ['Set the service address', 'Set your access token', 'See your apps', 'See your branch'];

/** The titles of the walkthrough's steps the workbench shows as done. */
async function doneSteps(): Promise<string[]> {
  const done = await ui.texts('.getting-started-step[aria-checked="true"] .step-title');
  return STEPS.filter((title) => done.some((text) => text.includes(title)));
}

async function waitForDone(expected: string[], what: string): Promise<void> {
  await waitFor(
    async () => JSON.stringify(await doneSteps()) === JSON.stringify(expected),
    `${what} (done: ${(await doneSteps()).join(', ') || 'none'})`,
  );
}

describe('walkthrough: first run', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, openView: true });

  it('starts with no step done; each step is done by its real event', async () => {
    const { api, service } = fixture;
    await vscode.commands.executeCommand('resetGettingStartedProgress');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
    await waitFor(async () => (await ui.texts('.getting-started-step .step-title')).length >= STEPS.length, 'the walkthrough steps drawn');
    await waitForDone([], 'nothing done before anything is set');

    await setSetting('baseUrl', `${service.baseUrl}/`);
    await waitForDone(STEPS.slice(0, 1), 'the address step done when the setting changes');

    await storeToken(api, service.token);
    await openAppsView();
    await waitForApps(api);
    await waitForDone(STEPS.slice(0, 3), 'token and apps steps done once apps are listed');

    await testRepository((dir) => git(dir, 'checkout', '-q', 'develop'));
    await waitForBranchState(api, (s) => s.kind === 'builds' && s.entries.some((e) => e.held), 'a develop build shown');
    await waitForDone(STEPS, 'the branch step done when a build of the branch is shown');
    assert.deepEqual(await doneSteps(), STEPS);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
