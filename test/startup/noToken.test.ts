// A window with the service's address set and no token anywhere: the extension starts with the window,
// and asks the service nothing, not even once a minute has passed (an hour of its schedule in test mode).
import * as assert from 'node:assert/strict';
import { extension } from '../integration/extension';
import { sleep, waitFor } from '../integration/wait';
import { assertOpenedAsPlanned, printRequests, requests, statusBarItem } from './window';
import { windowOf } from './windows';

const [repository] = windowOf('noToken').repositories;
const WATCHED_MS = 60_000;
const LOOK_EVERY_MS = 5_000;

describe('startup: an address and no token', () => {
  before(() => assertOpenedAsPlanned([repository]));

  it(`sends the service nothing in ${WATCHED_MS / 1000} s and shows no status-bar item`, async function () {
    this.timeout(WATCHED_MS + 60_000);
    const started = Date.now();
    // Started by the window, not by us: there is something that could have asked.
    await waitFor(() => extension().isActive, 'the extension active, activated at startup', 30_000);
    for (;;) {
      const asked = await requests();
      if (asked.length > 0) printRequests('asked without a token', asked);
      assert.deepEqual(asked, [], `requests ${Math.round((Date.now() - started) / 1000)} s into the watch`);
      assert.equal(await statusBarItem(), undefined, 'no status-bar item of ours');
      if (Date.now() - started >= WATCHED_MS) break;
      await sleep(LOOK_EVERY_MS);
    }
  });
});
