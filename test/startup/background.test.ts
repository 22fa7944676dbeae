// A window that opens in the background (another window in front from the start): the extension starts
// with it and asks the service nothing until the user comes to the window; then the status bar fills.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extension } from '../integration/extension';
import * as ui from '../integration/ui';
import { sleep, waitFor } from '../integration/wait';
import { beyondOpen } from './openRequests';
import { assertOpenedAsPlanned, printRequests, requests, requestsOfOpen, shownBuilds, waitForLatestInStatusBar } from './window';
import { windowOf } from './windows';

const startup = windowOf('background');
const [repository] = startup.repositories;
/** Six minutes of the poller's schedule in test mode. */
const UNFOCUSED_MS = 6_000;

describe('startup: a window opened in the background, a profile that opened a window on the service before', () => {
  before(() => assertOpenedAsPlanned([repository]));

  it('asks the service nothing while the window is in the background', async function () {
    this.timeout(UNFOCUSED_MS + 60_000);
    assert.equal(vscode.window.state.focused, false, 'the window opened unfocused');
    await waitFor(() => extension().isActive, 'the extension active, activated at startup', 30_000);
    await sleep(UNFOCUSED_MS);
    assert.equal(vscode.window.state.focused, false, 'the window stayed unfocused');
    const unfocused = await requests();
    printRequests(`asked in the background, ${UNFOCUSED_MS / 1000} s after activation`, unfocused);
    assert.deepEqual(unfocused, []);
  });

  it('once the window is in front, the status bar shows the branch builds, having asked no more than an open', async function () {
    this.timeout(60_000);
    await ui.focusWindow();
    await waitForLatestInStatusBar(repository);
    const shown = await shownBuilds(startup);
    assert.deepEqual(beyondOpen(await requestsOfOpen(), startup, shown), []);
  });
});
