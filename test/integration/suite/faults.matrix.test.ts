// The fault matrix in the real host (issue 9): every case goes through the client itself and
// through the Apps view; each asserts the error kind, the words the user reads and what the view is
// left showing. None may crash or leave an unhandled rejection: the suite listens for them.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { BuildServiceClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import type { NetworkOptions } from '../../../src/api/network';
import type { BuildServiceExports } from '../../../src/exports';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { createTestCa, expiredValidity } from '../../network/certificates';
import { type ForwardProxy, startForwardProxy } from '../../network/forwardProxy';
import { type RunningService, startService } from '../../service/server';
import { type FaultCase, STATIC_CASES, wrongTypeFor } from '../../faultCases';
import * as ui from '../ui';
import { IOS_2048 } from '../../service/seedCatalog';
import { appNode, openAppsView, shownItems, textOf } from '../appsView';
import { extensionApi, storeToken } from '../extension';
import { resetSettings, setSetting } from '../settings';
import { waitFor } from '../wait';

const UNREADABLE = 'The build service sent an answer this extension cannot read.';

describe('fault matrix', function () {
  this.timeout(120_000);
  let api: BuildServiceExports;
  let service: RunningService;
  let untrusted: RunningService;
  let expired: RunningService;
  let authProxy: ForwardProxy;
  let refusedUrl: string;
  let finishedBuildId: string;
  const documents: Record<string, unknown> = {};
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const savedExtraCa = process.env.NODE_EXTRA_CA_CERTS;

  async function fetchJson(path: string): Promise<unknown> {
    const response = await fetch(service.baseUrl + path, { headers: { authorization: `Bearer ${service.token}` } });
    return response.json();
  }

  before(async () => {
    process.on('unhandledRejection', onUnhandled);
    api = await extensionApi();
    const ca = createTestCa();
    process.env.NODE_EXTRA_CA_CERTS = ca.certFile; // trusted, so the expired certificate fails for its date
    service = await startService();
    untrusted = await startService({ tls: createTestCa('Unknown CA').issue(['127.0.0.1']) });
    expired = await startService({ tls: ca.issue(['127.0.0.1'], expiredValidity()) });
    authProxy = await startForwardProxy({ basicAuth: { user: 'u', password: 'p' } });
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    refusedUrl = `http://127.0.0.1:${(closed.address() as net.AddressInfo).port}/v1`;
    await new Promise((r) => closed.close(r));
    documents.apps = await fetchJson('/apps');
    const builds = (await fetchJson(`/apps/${IOS_2048}/builds?limit=10`)) as { _id: string; finished: boolean }[];
    const seeded = builds.filter((b) => b.finished)[0]._id;
    documents.builds = [builds.find((b) => b._id === seeded)];
    documents.tests = await fetchJson(`/builds/${seeded}/tests?showPassing=true`);
    documents.coverage = await fetchJson(`/builds/${seeded}/coverage`);
    // The details cases need a build whose details no earlier suite has loaded (the view keeps
    // them, by id, and the service's ids are deterministic): a copy of a finished build under a
    // random id, the newest. Its answers are replaced by the faults anyway.
    const copy = structuredClone(service.data.builds.find((b) => b._id === seeded));
    assert.ok(copy);
    finishedBuildId = randomBytes(12).toString('hex');
    service.data.builds.push({ ...copy, _id: finishedBuildId, created_at: new Date().toISOString() });
    assert.equal(((await fetchJson(`/builds/${finishedBuildId}`)) as { finished: boolean }).finished, true);
    await setSetting('autoRefresh', false); // no polling toasts between the cases
    await storeToken(api, service.token);
    await setSetting('baseUrl', service.baseUrl);
    await openAppsView();
  });
  after(async () => {
    process.off('unhandledRejection', onUnhandled);
    await vscode.workspace.getConfiguration('http').update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await setSetting('autoRefresh', undefined);
    await storeToken(api, undefined);
    await resetSettings();
    if (savedExtraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = savedExtraCa;
    await Promise.all([service.close(), untrusted.close(), expired.close(), authProxy.close()]);
  });

  /** Back to a healthy service, and the view showing apps: also proves the previous case left nothing broken. */
  async function healthy(): Promise<void> {
    service.clearFaults();
    await vscode.workspace.getConfiguration('http').update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await setSetting('requestTimeoutSeconds', undefined);
    await setSetting('baseUrl', service.baseUrl);
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

  function baseUrlFor(c: FaultCase): string {
    switch (c.env?.baseUrl) {
      case 'refused':
        return refusedUrl;
      case 'unresolvable':
        return 'https://builds.service.invalid:1/v1';
      case 'tls-to-plain':
        return service.baseUrl.replace('http:', 'https:');
      case 'untrusted-tls':
        return untrusted.baseUrl;
      case 'expired-tls':
        return expired.baseUrl;
      default:
        return service.baseUrl;
    }
  }

  function arm(c: FaultCase): void {
    if (c.route && c.fault) service.setFault(c.route, c.fault);
  }

  async function callClient(c: FaultCase): Promise<ApiError | undefined> {
    const network: NetworkOptions = c.env?.proxy407 ? { proxy: { url: authProxy.url } } : {};
    const client = new BuildServiceClient({
      baseUrl: baseUrlFor(c),
      getToken: () => Promise.resolve(service.token),
      timeoutMs: (c.timeoutSeconds ?? 30) * 1000,
      network,
    });
    try {
      if (c.where === 'apps') await client.listApps();
      else if (c.where === 'builds') await client.listBuilds(IOS_2048, { limit: 10 });
      else await Promise.all([client.getTests(finishedBuildId), client.getCoverage(finishedBuildId)]);
      return undefined;
    } catch (error) {
      assert.ok(error instanceof ApiError, `the client rejects with ApiError only, got ${String(error)}`);
      return error;
    } finally {
      await client.dispose();
    }
  }

  /** The rows of the part of the view the case is about, after the view has asked for them. */
  async function viewRows(c: FaultCase): Promise<AppsTreeNode[]> {
    if (c.env?.baseUrl) await setSetting('baseUrl', baseUrlFor(c));
    if (c.env?.proxy407) await vscode.workspace.getConfiguration('http').update('proxy', authProxy.url, vscode.ConfigurationTarget.Global);
    if (c.timeoutSeconds) await setSetting('requestTimeoutSeconds', c.timeoutSeconds);
    arm(c);
    if (c.where === 'apps') {
      await api.apps.refresh();
      return api.apps.getChildren();
    }
    const app = await appNode(api, IOS_2048);
    const builds = await api.apps.getChildren(app);
    if (c.where === 'builds') return builds;
    const build = builds.find((n) => n.kind === 'build' && n.build.id === finishedBuildId);
    assert.ok(build, 'the finished build is listed');
    return api.apps.getChildren(build);
  }

  function run(c: FaultCase): void {
    it(`${c.where}: ${c.name}`, async () => {
      await healthy();
      service.clearRequests();
      arm(c);
      const error = await callClient(c);
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
      if (c.requests !== undefined && c.route) {
        assert.equal(service.requests.filter((r) => r.route === c.route).length, c.requests, 'requests for the route');
      }
      assert.deepEqual(unhandled, [], 'no unhandled rejection');
    });
  }

  for (const c of STATIC_CASES) run(c);

  /** One case per field of each model the view shows: the real answer with that field of another type. */
  describe('a wrong shape in each field', () => {
    const fields: [doc: string, where: FaultCase['where'], route: FaultCase['route'], path: (string | number)[]][] = [
      ...['_id', 'app_name', 'platform'].map((f) => ['apps', 'apps', 'GET /apps', [0, f]] as const),
      ...[
        '_id',
        'app_id',
        'repo_url',
        'build_status',
        'finished',
        'build_number',
        'commit_info',
        'created_at',
        'started_at',
        'finished_at',
        'test_summary',
        'links',
        'scheme_name',
      ].map((f) => ['builds', 'builds', 'GET /apps/:app_id/builds', [0, f]] as const),
      ...['branch', 'commit_sha', 'author', 'message', 'html_url', 'tags'].map(
        (f) => ['builds', 'builds', 'GET /apps/:app_id/builds', [0, 'commit_info', f]] as const,
      ),
      ...['tests_count', 'tests_passed', 'code_coverage_percentage'].map(
        (f) => ['builds', 'builds', 'GET /apps/:app_id/builds', [0, 'test_summary', f]] as const,
      ),
      ...['build_id', 'tests'].map((f) => ['tests', 'details', 'GET /builds/:build_id/tests', [f]] as const),
      ...['run', 'target', 'suite', 'name', 'status'].map(
        (f) => ['tests', 'details', 'GET /builds/:build_id/tests', ['tests', 0, f]] as const,
      ),
      ...['build_id', 'coverage', 'targets'].map((f) => ['coverage', 'details', 'GET /builds/:build_id/coverage', [f]] as const),
      ...['name', 'coverage'].map((f) => ['coverage', 'details', 'GET /builds/:build_id/coverage', ['targets', 0, f]] as const),
    ].map(([doc, where, route, path]) => [doc, where, route, [...path]]);

    for (const [doc, where, route, path] of fields) {
      const c: FaultCase = {
        name: `${doc === where ? '' : `${doc}: `}${path.join('.')} of another type`,
        where,
        route,
        kind: 'invalid-response',
        clientMessage: new RegExp(String(path.at(-1))),
        text: UNREADABLE,
        node: 'Unreadable answer',
        icon: 'error',
      };
      // The documents are fetched in before(); the fault is made when the case runs.
      Object.defineProperty(c, 'fault', { get: () => ({ rawBody: JSON.stringify(withWrongType(documents[doc], path)) }) });
      run(c);
    }
  });
});

function withWrongType(doc: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  assert.ok(last in parent, `the reference answer has ${path.join('.')}`);
  parent[last] = wrongTypeFor(parent[last]);
  return copy;
}
