// A window whose service takes requests and never answers, the worst network there is (moved here
// from the activation suite: with onStartupFinished the extension is active before any suite of the
// main host could slow the network down). Activation does not wait for it, and the window stays usable.
import { extension } from '../integration/extension';
import * as ui from '../integration/ui';
import { waitFor } from '../integration/wait';
import { assertExplorerInFront, printRequests, requests, waitForStatusBar } from './window';
import { windowOf } from './windows';

const [repository] = windowOf('silentService').repositories;
/** From the suite's start, which VS Code makes once startup's eager extensions are active: far below the service's silence (an hour). */
const ACTIVATION_BOUND_MS = 10_000;

describe('startup: a service that never answers', () => {
  it('the extension activates with the window while its request waits, and the window stays usable', async function () {
    this.timeout(60_000);
    const started = Date.now();
    await waitFor(() => extension().isActive, 'the extension active', ACTIVATION_BOUND_MS);
    console.log(`    (active ${Date.now() - started} ms into the suite)`);
    await assertExplorerInFront();
    // It did ask, and has had no answer: the status bar says it is loading the branch's builds.
    await waitFor(async () => (await requests()).some((r) => r.route === 'GET /apps'), 'the apps asked for');
    printRequests('asked, none of them answered', await requests(), { answered: false });
    await waitForStatusBar((label) => label.includes(`branch ${repository.branch}, Loading its builds`), 'the branch loading');
    // Usable: the command palette opens and closes from the keyboard.
    await ui.pressKeyHere('F1');
    await waitFor(async () => (await ui.quickInput()).visible, 'the command palette open');
    await ui.pressKey('Escape');
    await waitFor(async () => !(await ui.quickInput()).visible, 'the command palette closed');
  });
});
