// Checks of the reference build service itself, over plain fetch (not the extension's API client).
import * as assert from 'node:assert/strict';
import type { Build, RunningService } from '../service/server';
import { generateApps, startService } from '../service/server';
import { seedData } from '../service/seed';
import { FIND_REPLACE, IOS_2048 } from '../service/seedCatalog';

describe('reference build service', () => {
  let service: RunningService;

  before(async () => {
    service = await startService();
  });
  afterEach(() => service.reset());
  after(() => service.close());

  function call(path: string, init: RequestInit = {}, token: string | null = service.token): Promise<Response> {
    const headers = new Headers(init.headers);
    if (token !== null) headers.set('authorization', `Bearer ${token}`);
    return fetch(`${service.baseUrl}${path}`, { ...init, headers });
  }

  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await call(path, init);
    assert.ok(response.ok, `${path} answered ${response.status}: ${await response.clone().text()}`);
    return (await response.json()) as T;
  }

  describe('auth', () => {
    it('answers the two exact 401 bodies of the spec', async () => {
      const missing = await call('/apps', {}, null);
      assert.equal(missing.status, 401);
      assert.equal(missing.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(await missing.text(), '{"error":"No authorization token was found"}');
      for (const authorization of ['Bearer wrong', 'Bearer ', '', `Token ${service.token}`]) {
        const response = await fetch(`${service.baseUrl}/apps`, { headers: { authorization } });
        assert.equal(response.status, 401, authorization);
        assert.equal(await response.text(), '{"error":"Invalid authorization token"}');
      }
    });

    it('refuses a revoked token, and checks auth before the route', async () => {
      service.revokeToken(service.token);
      assert.equal(await (await call('/apps')).text(), '{"error":"Invalid authorization token"}');
      service.reset();
      assert.equal((await call('/apps')).status, 200);
      assert.equal((await call('/no/such/route', {}, null)).status, 401);
    });
  });

  describe('routes', () => {
    it('answers JSON errors: 404 for unknown routes and ids, 400 for bad parameters', async () => {
      const cases: [string, number, RequestInit?][] = [
        ['/nope', 404],
        ['/apps', 404, { method: 'DELETE' }],
        ['/apps/ffffffffffffffffffffffff/builds', 404],
        ['/apps/not-an-id/builds', 404],
        ['/builds/FFFFFFFFFFFFFFFFFFFFFFFF', 404],
        [`/apps/${IOS_2048}/builds?limit=0`, 400],
        [`/apps/${IOS_2048}/builds?limit=101`, 400],
        [`/apps/${IOS_2048}/builds?limit=2.5`, 400],
        [`/apps/${IOS_2048}/builds?status=done`, 400],
        [`/apps/${IOS_2048}/builds?branch=%E0%A4`, 400],
      ];
      for (const [path, status, init] of cases) {
        const response = await call(path, init);
        assert.equal(response.status, status, path);
        const body = (await response.json()) as { error: unknown };
        assert.equal(typeof body.error, 'string', path);
      }
    });

    it('lists builds newest first, 10 by default, filtered by status', async () => {
      const builds = await json<Build[]>(`/apps/${IOS_2048}/builds`);
      assert.equal(builds.length, 10);
      const times = builds.map((build) => build.created_at);
      assert.deepEqual(times, [...times].sort().reverse());
      const failed = await json<Build[]>(`/apps/${IOS_2048}/builds?status=failed&limit=100`);
      assert.ok(failed.length > 0 && failed.every((build) => build.build_status === 'failed'));
      const latest = await json<Build>(`/apps/${IOS_2048}/build/latest?status=failed`);
      assert.equal(latest._id, failed[0]._id);
    });

    it('hides deleted branches unless includeDeleted=true', async () => {
      const branches = await json<{ name: string }[]>(`/apps/${IOS_2048}/branches`);
      const all = await json<{ name: string }[]>(`/apps/${IOS_2048}/branches?includeDeleted=true`);
      assert.ok(all.length > branches.length);
      assert.ok(branches.some((branch) => branch.name === FIND_REPLACE));
    });

    it('shows only failed tests by default, and coverage as the average of its targets', async () => {
      const [failed] = await json<Build[]>(`/apps/${IOS_2048}/builds?status=failed`);
      type Tests = { tests: { status: string }[] };
      const onlyFailed = await json<Tests>(`/builds/${failed._id}/tests`);
      assert.ok(onlyFailed.tests.length > 0 && onlyFailed.tests.every((test) => test.status === 'failed'));
      const onlyPassing = await json<Tests>(`/builds/${failed._id}/tests?showPassing=true&showFailed=false`);
      assert.ok(onlyPassing.tests.every((test) => test.status === 'passed'));
      assert.equal(onlyFailed.tests.length + onlyPassing.tests.length, failed.test_summary.tests_count);
      type Coverage = { coverage: number; targets: { coverage: number; files?: unknown[] }[] };
      const coverage = await json<Coverage>(`/builds/${failed._id}/coverage`);
      const average = coverage.targets.reduce((sum, target) => sum + target.coverage, 0) / coverage.targets.length;
      assert.equal(coverage.coverage, average);
      assert.equal(coverage.targets[0].files, undefined);
      const withFiles = await json<Coverage>(`/builds/${failed._id}/coverage?showFileCoverage=true`);
      assert.ok(withFiles.targets[0].files?.length);
    });
  });

  describe('percent-encoding', () => {
    it('round-trips feature/find&replace as a query value and filters by it', async () => {
      const builds = await json<Build[]>(`/apps/${IOS_2048}/builds?branch=feature%2Ffind%26replace&limit=100`);
      assert.ok(builds.length > 0);
      assert.ok(builds.every((build) => build.commit_info.branch === 'feature/find&replace'));
      const recorded = service.requests.at(-1);
      assert.equal(recorded?.rawUrl, `/v1/apps/${IOS_2048}/builds?branch=feature%2Ffind%26replace&limit=100`);
      assert.equal(recorded?.rawPath, `/apps/${IOS_2048}/builds`);
      assert.equal(recorded?.query.branch, 'feature/find&replace');
      assert.equal(recorded?.route, 'GET /apps/:app_id/builds');
    });

    it('builds any Unicode branch name, sent as JSON, and finds it again by query', async () => {
      const branch = 'fix/天気 + مرحبا 🚀 100%';
      const { build_id } = await json<{ build_id: string }>(`/apps/${IOS_2048}/build`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ branch }),
      });
      const found = await json<Build[]>(`/apps/${IOS_2048}/builds?branch=${encodeURIComponent(branch)}`);
      assert.deepEqual(
        found.map((build) => build._id),
        [build_id],
      );
      assert.equal(found[0].commit_info.branch, branch);
      assert.equal(service.requests.at(-1)?.query.branch, branch);
    });
  });

  describe('triggering and cancelling', () => {
    it('triggers from a form-encoded branch: 201, a 24-hex id, queued and newest first', async () => {
      const response = await call(`/apps/${IOS_2048}/build`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'branch=feature%2Ffind%26replace',
      });
      assert.equal(response.status, 201);
      const { build_id } = (await response.json()) as { build_id: string };
      assert.match(build_id, /^[0-9a-f]{24}$/);
      const [newest] = await json<Build[]>(`/apps/${IOS_2048}/builds`);
      assert.equal(newest._id, build_id);
      assert.equal(newest.build_status, 'queued');
      assert.equal(newest.finished, false);
      assert.equal(newest.commit_info.branch, 'feature/find&replace');
      assert.equal(service.requests.at(-2)?.body, 'branch=feature%2Ffind%26replace');
    });

    it('builds the default branch when no branch is sent', async () => {
      const { build_id } = await json<{ build_id: string }>(`/apps/${IOS_2048}/build`, { method: 'POST' });
      assert.equal((await json<Build>(`/builds/${build_id}`)).commit_info.branch, 'master');
    });

    it('cancels an unfinished build and leaves a finished one alone', async () => {
      const [queued] = await json<Build[]>(`/apps/${IOS_2048}/builds?status=queued`);
      const [success] = await json<Build[]>(`/apps/${IOS_2048}/builds?status=success`);
      for (const build of [queued, success]) {
        const response = await call(`/builds/${build._id}/cancel`, { method: 'POST' });
        assert.equal(response.status, 200);
        assert.equal(await response.text(), '{}');
      }
      const cancelled = await json<Build>(`/builds/${queued._id}`);
      assert.equal(cancelled.build_status, 'cancelled');
      assert.equal(cancelled.finished, true);
      assert.deepEqual(await json<Build>(`/builds/${success._id}`), success);
    });

    it('moves builds on with advanceBuilds()', async () => {
      const [queued] = await json<Build[]>(`/apps/${IOS_2048}/builds?status=queued`);
      service.advanceBuilds();
      assert.equal((await json<Build>(`/builds/${queued._id}`)).build_status, 'running');
      service.advanceBuilds();
      assert.match((await json<Build>(`/builds/${queued._id}`)).build_status, /^(success|failed)$/);
    });
  });

  describe('faults', () => {
    it('applies a fault with times to the first N requests only, before auth', async () => {
      service.setFault('GET /apps', { status: 503, retryAfter: '2', times: 2 });
      const first = await call('/apps', {}, null);
      assert.equal(first.status, 503);
      assert.equal(first.headers.get('retry-after'), '2');
      assert.equal(typeof ((await first.json()) as { error: unknown }).error, 'string');
      assert.equal((await call('/apps')).status, 503);
      assert.equal((await call('/apps')).status, 200);
      assert.deepEqual(
        service.requests.map((request) => request.status),
        [503, 503, 200],
      );
    });

    it('sends HTML, invalid JSON and the wrong shape', async () => {
      service.setFault('GET /apps', { status: 502, body: 'html' });
      const html = await call('/apps');
      assert.equal(html.status, 502);
      assert.match(html.headers.get('content-type') ?? '', /text\/html/);
      service.setFault('GET /apps', { invalidJson: true });
      assert.equal(await (await call('/apps')).text(), '{"not json');
      service.setFault('GET /apps', { wrongShape: true });
      assert.ok(!Array.isArray(await (await call('/apps')).json()));
    });

    it('cuts a body short, drops a connection, and pauses mid-body', async () => {
      service.setFault('GET /apps', { cutBody: true });
      await assert.rejects(async () => (await call('/apps')).text());
      service.setFault('GET /apps', { dropConnection: true });
      await assert.rejects(call('/apps'));
      assert.equal(service.requests.at(-1)?.status, 0);
      service.setFault('GET /apps', { delayMidBodyMs: 150 });
      const started = Date.now();
      const apps = (await (await call('/apps')).json()) as unknown[];
      assert.ok(Date.now() - started >= 140 && apps.length >= 12);
    });

    it('drips an answer one byte at a time and never ends it, until the client goes away', async () => {
      service.setFault('GET /apps', { dripEveryMs: 5, rawBody: '[]' });
      const controller = new AbortController();
      const response = await call('/apps', { signal: controller.signal });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-length'), null);
      const reader = response.body!.getReader();
      let received = '';
      while (received.length < 10) {
        const { value, done } = await reader.read();
        assert.equal(done, false, 'the answer never ends');
        received += new TextDecoder().decode(value);
      }
      assert.match(received, /^\[\] {8,}$/, 'the answer, then whitespace');
      controller.abort();
      await assert.rejects(reader.read());
    });

    it('closes promptly with a keep-alive connection and a delayed answer pending', async () => {
      const other = await startService();
      await (await fetch(`${other.baseUrl}/apps`)).text(); // leaves a keep-alive socket open
      other.setFault('GET /apps', { delayBeforeHeadersMs: 60_000 });
      const pending = fetch(`${other.baseUrl}/apps`).catch(() => 'cut');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      await other.close();
      assert.equal(await pending, 'cut');
      assert.ok(Date.now() - started < 1000);
    });
  });

  describe('data', () => {
    it('serves 10,000 generated apps with unique ids, deterministically', async () => {
      service.setApps(generateApps(10_000));
      const apps = await json<{ _id: string; app_name: string }[]>('/apps');
      assert.equal(apps.length, 10_000);
      assert.equal(new Set(apps.map((app) => app._id)).size, 10_000);
      assert.deepEqual(generateApps(3), generateApps(3));
      const counted = await startService({ appCount: 10_000 });
      try {
        assert.equal(counted.data.apps.length, 10_000);
        assert.equal(service.data.apps[0]._id, counted.data.apps[0]._id);
      } finally {
        await counted.close();
      }
    });

    it('seeds the same rich data on every call', () => {
      const data = seedData();
      assert.deepEqual(seedData(), data);
      const statuses = new Set(data.builds.map((build) => build.build_status));
      assert.deepEqual([...statuses].sort(), ['cancelled', 'failed', 'queued', 'running', 'success']);
      assert.deepEqual(new Set(data.apps.map((app) => app.platform)), new Set(['ios', 'android', undefined]));
      assert.ok(data.apps.some((app) => !data.builds.some((build) => build.app_id === app._id)));
      assert.ok(data.builds.some((build) => build.commit_info.branch === FIND_REPLACE));
      for (const build of data.builds.filter((b) => b.build_status === 'queued')) {
        assert.equal(build.started_at, null);
        assert.equal(build.finished_at, null);
      }
    });
  });
});
