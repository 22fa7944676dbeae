import * as assert from 'node:assert/strict';
import { DEFAULT_USER_AGENT } from '../../src/api/client/client';
import type { RequestReport } from '../../src/api/client/requester';
import { generateApps } from '../service/seed';
import { expectApiError, firstAppId, useReferenceService } from './clientFixture';

describe('BuildServiceClient: the wire', () => {
  const fixture = useReferenceService();

  it('sends Accept, Bearer token and the default User-Agent', async () => {
    await fixture.client().listApps();
    const [request] = fixture.service.requests;
    assert.equal(request.headers['accept'], 'application/json');
    assert.equal(request.headers['authorization'], `Bearer ${fixture.service.token}`);
    assert.equal(request.headers['user-agent'], DEFAULT_USER_AGENT);
  });

  it('sends a given User-Agent, and POST bodies as UTF-8 JSON', async () => {
    await fixture.client({ userAgent: 'build-service-vscode/9.9.9' }).triggerBuild(firstAppId(fixture.service), { branch: 'fix/ünïcode' });
    const [request] = fixture.service.requests;
    assert.equal(request.headers['user-agent'], 'build-service-vscode/9.9.9');
    assert.equal(request.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(JSON.parse(request.body), { branch: 'fix/ünïcode' });
  });

  it('a trigger without a branch sends an empty JSON object (the service picks the default branch)', async () => {
    await fixture.client().triggerBuild(firstAppId(fixture.service));
    assert.equal(fixture.service.requests[0].body, '{}');
  });

  it('reports each attempt for the log, never with the token', async () => {
    const reports: RequestReport[] = [];
    fixture.service.setFault('GET /apps', { status: 503, times: 1 });
    await fixture.client({ onRequest: (report) => reports.push(report) }).listApps();
    assert.deepEqual(
      reports.map(({ method, path, attempt, status }) => ({ method, path, attempt, status })),
      [
        { method: 'GET', path: '/apps', attempt: 1, status: 503 },
        { method: 'GET', path: '/apps', attempt: 2, status: 200 },
      ],
    );
    assert.equal(reports[0].error?.kind, 'unavailable');
    assert.ok(!JSON.stringify(reports).includes(fixture.service.token));
  });

  it('a listener that throws does not fail the request', async () => {
    const apps = await fixture
      .client({
        onRequest: () => {
          throw new Error('log broke');
        },
      })
      .listApps();
    assert.ok(apps.length > 0);
  });

  // undici checks these timeouts on a coarse clock (about 1 s), so the service stalls well beyond that.
  it('headers that do not come in time: timeout, not retried', async () => {
    fixture.service.setFault('GET /apps', { delayBeforeHeadersMs: 3_000 });
    const error = await expectApiError(fixture.client({ timeoutMs: 150 }).listApps(), 'timeout');
    assert.match(error.message, /did not answer within 0\.2 s/);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1);
  });

  it('a body that stalls midway: timeout', async () => {
    fixture.service.setFault('GET /apps', { delayMidBodyMs: 3_000 });
    const error = await expectApiError(fixture.client({ timeoutMs: 150 }).listApps(), 'timeout');
    assert.match(error.message, /did not send its whole answer within 0\.2 s/);
  });

  it('a short stall within the timeout is fine', async () => {
    fixture.service.setFault('GET /apps', { delayMidBodyMs: 50 });
    assert.ok((await fixture.client({ timeoutMs: 1_000 }).listApps()).length > 0);
  });

  it('a body cut off midway: network, not retried', async () => {
    fixture.service.setFault('GET /apps', { cutBody: true });
    const error = await expectApiError(fixture.client().listApps(), 'network');
    assert.match(error.message, /broke before the whole answer arrived/);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1);
  });

  it('an answer over the size cap: invalid-response', async () => {
    fixture.service.setApps(generateApps(1_000));
    const error = await expectApiError(fixture.client({ maxResponseBytes: 4 * 1024 }).listApps(), 'invalid-response');
    assert.match(error.message, /larger than the 4 KiB/);
  });

  it('a refused connection: network, naming the address', async () => {
    const client = fixture.client({ baseUrl: 'http://127.0.0.1:1/v1' });
    const error = await expectApiError(client.listApps(), 'network');
    assert.equal(error.code, 'ECONNREFUSED');
    assert.match(error.message, /127\.0\.0\.1:1 \(connection refused\)/);
  });

  it('cancelled before the request: nothing is sent', async () => {
    const controller = new AbortController();
    controller.abort();
    await expectApiError(fixture.client().listApps({ signal: controller.signal }), 'cancelled');
    assert.equal(fixture.service.requests.length, 0);
  });

  it('cancelled while waiting for the answer', async () => {
    fixture.service.setFault('GET /apps', { delayBeforeHeadersMs: 2_000 });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    await expectApiError(fixture.client().listApps({ signal: controller.signal }), 'cancelled');
    assert.ok(Date.now() - started < 1_000);
  });

  it('cancelled while the body arrives', async () => {
    fixture.service.setFault('GET /apps', { delayMidBodyMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expectApiError(fixture.client().listApps({ signal: controller.signal }), 'cancelled');
  });

  it('dispose() ends requests in flight as cancelled, and the client stays closed', async () => {
    fixture.service.setFault('GET /apps', { delayBeforeHeadersMs: 2_000 });
    const client = fixture.client();
    const pending = client.listApps();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.dispose();
    await expectApiError(pending, 'cancelled');
    await expectApiError(client.listApps(), 'cancelled');
  });
});
