// A service that behaves like an attacker, on the wire (issue 22, items 4 to 6): answers that drip a
// byte at a time for ever, a certificate nobody trusts behind a proxy whose own certificate checks
// are off, and a proxy in the environment that would see requests to this computer.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { createTestCa } from '../../network/certificates';
import { startForwardProxy } from '../../network/forwardProxy';
import { concurrencyOf } from '../../service/concurrency';
import { ANDROID_2048 } from '../../service/seedCatalog';
import { startService } from '../../service/server';
import { appNode, openAppsView, shownItems, textOf } from '../appsView';
import { git, testRepository, waitForBranchState } from '../currentBranch';
import { readLog, storeToken, storeTokenFor, testing } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';

const DRIP = { dripEveryMs: 200 };
const HIDDEN_HOST = 'builds.service.invalid';

async function setHttp(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('http').update(name, value, vscode.ConfigurationTarget.Global);
}

/** `promise`'s value, or undefined if it has not settled after `ms` (a stalled view never does). */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  return Promise.race([promise, sleep(ms).then(() => undefined)]);
}

describe('a hostile service on the wire', function () {
  this.timeout(60_000);
  // No polling unless a test turns it on: only the requests under test.
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });

  afterEach(async () => {
    fixture.service.clearFaults();
    await storeToken(fixture.api, fixture.service.token);
  });

  it('builds that drip for ever: an error row at the deadline for each, and another app still loads', async () => {
    await setSetting('requestTimeoutSeconds', 1);
    const apps = (await fixture.api.apps.getChildren()).filter((n) => n.kind === 'app').slice(0, 5);
    assert.equal(apps.length, 5);
    // The first four fill every slot of the window; the fifth can only start once one is free.
    fixture.service.setFault('GET /apps/:app_id/builds', { ...DRIP, times: 4 });
    const dripping = apps.slice(0, 4).map((app) => fixture.api.apps.getChildren(app));
    const fifth = fixture.api.apps.getChildren(apps[4]);
    const shown = await within(10_000, Promise.all([...dripping, fifth]));
    assert.ok(shown, 'every app answered within 10 s (the deadline is 1 s)');
    for (const rows of shown.slice(0, 4)) {
      assert.deepEqual(
        rows.map((row) => [textOf(fixture.api, row).label, textOf(fixture.api, row).tooltip.split('\n')[0]]),
        [['No answer in time', 'The build service did not answer within 1 second (buildService.requestTimeoutSeconds).']],
      );
    }
    assert.ok(
      shown[4].some((row) => row.kind === 'build'),
      `the fifth app lists its builds: ${shown[4].map((r) => textOf(fixture.api, r).label).join(', ')}`,
    );
    await waitFor(() => concurrencyOf(fixture.service.baseUrl).current === 0, 'no answer left open at the service');
  });

  it('a poll whose answers drip is called off when the token changes', async function () {
    if (!vscode.window.state.focused) this.skip(); // polling is for focused windows only
    await setSetting('autoRefresh', true);
    const builds = await fixture.api.apps.getChildren(await appNode(fixture.api, ANDROID_2048));
    assert.equal(builds.filter((b: AppsTreeNode) => b.kind === 'build' && !b.build.finished).length, 2);
    // A poll asks for the followed builds in one list per app: the next list drips (only that one, so
    // the Apps view's own lists after the token change answer).
    fixture.service.setFault('GET /apps/:app_id/builds', { ...DRIP, times: 1 });
    const meter = concurrencyOf(fixture.service.baseUrl);
    await waitFor(() => meter.current >= 1, 'a poll dripping');
    await sleep(500);
    assert.ok(meter.current >= 1, 'still dripping');
    await storeToken(fixture.api, fixture.service.issueToken());
    await waitFor(() => meter.current === 0, 'the dripping polls closed', 5_000);
  });

  it("http.proxyStrictSSL off does not stop checking the service's certificate: a toast, and no token sent", async () => {
    const untrusted = createTestCa('A CA nobody trusts');
    const service = await startService({ tls: untrusted.issue([HIDDEN_HOST]), publicHost: HIDDEN_HOST });
    const proxy = await startForwardProxy({ names: { [HIDDEN_HOST]: Number(new URL(service.baseUrl).port) } });
    try {
      await openAppsView();
      await ui.clearNotifications();
      await setHttp('proxy', proxy.url);
      await setHttp('proxyStrictSSL', false);
      // A token goes only to the address it was given for: this service's, so a request is tried at all.
      await storeTokenFor(fixture.api, service.baseUrl, service.token);
      await setSetting('baseUrl', service.baseUrl);
      await waitFor(
        async () => {
          await fixture.api.apps.refresh();
          return (await shownItems(fixture.api))[0]?.label === 'Certificate not accepted';
        },
        'the certificate error node',
        20_000,
      );
      const toast = await ui.waitForNotification('is not trusted');
      assert.match(toast.message, new RegExp(`The certificate of ${HIDDEN_HOST.replace(/\./g, '\\.')}:\\d+ is not trusted`));
      assert.ok(proxy.tunnels.length > 0, 'the request went through the proxy');
      assert.equal(service.requests.length, 0, 'nothing reached the service');
    } finally {
      await setHttp('proxy', undefined);
      await setHttp('proxyStrictSSL', undefined);
      await ui.clearNotifications();
      await Promise.all([service.close(), proxy.close()]);
    }
  });

  it('HTTP_PROXY and HTTPS_PROXY set, no NO_PROXY: the service on 127.0.0.1 is still reached directly', async () => {
    const proxy = await startForwardProxy();
    const saved = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'].map(
      (n) => [n, process.env[n]] as const,
    );
    try {
      for (const [name] of saved) delete process.env[name];
      process.env.HTTP_PROXY = proxy.url;
      process.env.HTTPS_PROXY = proxy.url;
      const logged = (await readLog(fixture.api)).length;
      await setSetting('requestTimeoutSeconds', 29); // a new client, which reads the environment again
      fixture.service.clearRequests();
      await fixture.api.apps.refresh();
      assert.ok((await shownItems(fixture.api)).length > 1, 'apps listed');
      assert.equal(fixture.service.requests.at(-1)?.headers.authorization, `Bearer ${fixture.service.token}`);
      assert.deepEqual(proxy.requests, [], 'the proxy saw nothing');
      // The new client's own line (an earlier suite's "go direct" must not stand in for it): VS Code's
      // network sends 127.0.0.1 direct, and our own route never sends a loopback address to a proxy.
      const route = `Requests to ${fixture.service.baseUrl} go `;
      const direct = [`${route}through VS Code's network`, `${route}direct (a loopback address never goes through a proxy)`];
      let since = '';
      await waitFor(
        async () => {
          since = (await readLog(fixture.api)).slice(logged);
          return direct.some((line) => since.includes(line));
        },
        () => `the new client's route in the log, one of ${JSON.stringify(direct)}; logged since: ${since.slice(0, 600)}`,
      );
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await proxy.close();
    }
  });
  // Last: it turns Git on, and the Current Branch view then sends requests of its own.
  it('the Current Branch sweep is called off when the token changes, so the next one is not queued behind it', async () => {
    // The default timeout (30 s): only calling the old sweep off lets the next one go; the first answer drips.
    fixture.service.setFault('GET /apps/:app_id/build/latest', { ...DRIP, times: 1 });
    // Checked out before Git opens the repository: a later checkout reaches Git only through its file watcher.
    await testRepository((dir) => git(dir, 'checkout', '-q', 'develop'));
    await waitFor(() => fixture.service.requestsTo('GET /apps/:app_id/build/latest').length >= 1, 'the sweep waits on its first answer');
    await sleep(500);
    assert.equal(testing(fixture.api).branch.model.state.kind === 'builds', false, 'the sweep is stalled');
    await storeToken(fixture.api, fixture.service.issueToken());
    await waitForBranchState(fixture.api, (s) => s.kind === 'builds' && s.branch === 'develop', 'builds of develop with the new token');
    await waitFor(() => concurrencyOf(fixture.service.baseUrl).current === 0, 'the dripping answers closed');
  });
});
