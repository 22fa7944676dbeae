// The fault matrix in the real host (issue 9), one case per kind of outcome the user sees (the cases
// marked `host` in test/faultCases.ts; test/unit/faults.matrix.test.ts runs every case in plain Node):
// each goes through the client itself and through the Apps view; each asserts the error kind, the
// words the user reads and what the view is left showing. None may crash or leave an unhandled
// rejection: the suite listens for them. The apps' toasts for 400/404/500, the service's 401 words,
// 504, a refused or dropped connection and a wrong-shaped list are in sidebar.errors, the 407 and an
// untrusted certificate in network.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../../src/exports';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { type Documents, type FaultCase, STATIC_CASES, wrongFieldCases } from '../../faultCases';
import { type FaultEnvironment, startFaultEnvironment } from '../../faultEnvironment';
import * as ui from '../ui';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode, openAppsView, shownItems, textOf } from '../appsView';
import { extensionApi, storeToken, storeTokenFor } from '../extension';
import { resetSettings, setSetting } from '../settings';
import { waitFor } from '../wait';

describe('fault matrix', function () {
  this.timeout(120_000);
  let api: BuildServiceExports;
  let env: FaultEnvironment;
  const documents: Documents = {};
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  before(async () => {
    process.on('unhandledRejection', onUnhandled);
    api = await extensionApi();
    env = await startFaultEnvironment(documents);
    await setSetting('autoRefresh', false); // no polling toasts between the cases
    await storeTokenFor(api, env.service.baseUrl, env.service.token);
    await setSetting('baseUrl', env.service.baseUrl);
    await openAppsView();
  });
  after(async () => {
    process.off('unhandledRejection', onUnhandled);
    await vscode.workspace.getConfiguration('http').update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await setSetting('autoRefresh', undefined);
    await storeToken(api, undefined);
    await resetSettings();
    await env?.close();
  });

  /** Back to a healthy service, and the view showing apps: also proves the previous case left nothing broken. */
  async function healthy(): Promise<void> {
    env.service.clearFaults();
    await vscode.workspace.getConfiguration('http').update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await setSetting('requestTimeoutSeconds', undefined);
    await setSetting('baseUrl', env.service.baseUrl);
    await waitFor(
      async () => {
        await api.apps.refresh();
        return (await shownItems(api)).some((item) => item.contextValue === 'app');
      },
      'the apps back after the case',
      20_000,
    );
    await ui.clearNotifications();
  }

  /** The rows of the part of the view the case is about, after the view has asked for them. */
  async function viewRows(c: FaultCase): Promise<AppsTreeNode[]> {
    if (c.env?.baseUrl) {
      // Each address keeps its own token: the case's one is given the service's, as a user would.
      await storeTokenFor(api, env.baseUrlFor(c), env.service.token);
      await setSetting('baseUrl', env.baseUrlFor(c));
    }
    if (c.env?.proxy407)
      await vscode.workspace.getConfiguration('http').update('proxy', env.authProxy.url, vscode.ConfigurationTarget.Global);
    if (c.timeoutSeconds) await setSetting('requestTimeoutSeconds', c.timeoutSeconds);
    env.arm(c);
    if (c.where === 'apps') {
      await api.apps.refresh();
      return api.apps.getChildren();
    }
    const app = await appNode(api, IOS_2048);
    const builds = await api.apps.getChildren(app);
    if (c.where === 'builds') return builds;
    const build = builds.find((n) => n.kind === 'build' && n.build.id === env.finishedBuildId);
    assert.ok(build, 'the finished build is listed');
    return api.apps.getChildren(build);
  }

  function run(c: FaultCase): void {
    it(`${c.where}: ${c.name}`, async () => {
      await healthy();
      env.service.clearRequests();
      env.arm(c);
      const { error } = await env.load(c);
      assert.equal(error?.kind ?? 'none', c.kind, `client: ${error?.message}`);
      if (c.clientMessage) assert.match(error?.message ?? '', c.clientMessage);

      const rows = (await viewRows(c)).map((node) => textOf(api, node));
      if (c.kind === 'none') {
        assert.ok(
          rows.some((row) => row.label === c.node),
          `"${c.node}" among ${rows.map((r) => r.label).join(', ')}`,
        );
      } else {
        assert.deepEqual([rows[0]?.label, rows[0]?.icon, rows[0]?.contextValue], [c.node, c.icon, 'message']);
        const text = c.text ?? error?.message ?? '';
        assert.equal(rows[0].tooltip.split('\n')[0], text);
        if (c.where === 'apps') {
          const toast = await ui.waitForNotification(text.slice(0, 60));
          assert.equal(toast.message, text);
        }
      }
      // The client's load and the view's, each with its retries.
      if (c.requests !== undefined && c.route) {
        assert.equal(env.service.requests.filter((r) => r.route === c.route).length, 2 * c.requests, 'requests for the route');
      }
      assert.deepEqual(unhandled, [], 'no unhandled rejection');
    });
  }

  for (const c of STATIC_CASES.filter((c) => c.host)) run(c);
  describe('a wrong shape in a field', () => {
    for (const c of wrongFieldCases(documents).filter((c) => c.host)) run(c);
  });
});
