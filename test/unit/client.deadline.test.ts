// The overall deadline of a request, against answers that defeat undici's idle timeouts: one that
// drips a byte at a time for ever never goes quiet long enough for them.
import * as assert from 'node:assert/strict';
import { concurrencyOf } from '../service/concurrency';
import { expectApiError, firstAppId, useReferenceService } from './clientFixture';
import { waitFor } from '../integration/wait';

const DRIP = { dripEveryMs: 40 };

describe('BuildServiceClient: the overall deadline', () => {
  const fixture = useReferenceService();

  it('an answer that drips for ever: timeout at the deadline, its slot free and its connection closed', async () => {
    fixture.service.setFault('GET /apps', DRIP);
    const client = fixture.client({ timeoutMs: 300 });
    const pending = client.listApps();
    assert.equal(client.inFlight, 1);
    const error = await expectApiError(pending, 'timeout');
    assert.equal(error.message, 'The build service did not send its whole answer within 0.3 s.');
    assert.equal(client.inFlight, 0);
    await waitFor(() => concurrencyOf(fixture.service.baseUrl).current === 0, 'the service sees the connection closed');
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1, 'not retried');
  });

  it('four dripping answers hold every slot only until the deadline; the request queued behind them is then answered', async () => {
    fixture.service.setFault('GET /apps/:app_id/builds', DRIP);
    const client = fixture.client({ timeoutMs: 300 });
    const appIds = fixture.service.data.apps.slice(0, 4).map((app) => app._id);
    const dripping = appIds.map((id) => client.listBuilds(id));
    const queued = client.listApps();
    assert.equal(client.inFlight, 4);
    for (const request of dripping) await expectApiError(request, 'timeout');
    assert.ok((await queued).length > 0);
    assert.equal(client.inFlight, 0);
  });

  it('a retry the deadline would cut short is not made: the 503 is told at once', async () => {
    fixture.service.setFault('GET /apps', { status: 503, retryAfter: '1' });
    const error = await expectApiError(fixture.client({ timeoutMs: 500 }).listApps(), 'unavailable');
    assert.equal(error.status, 503);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1);
  });

  it('a token read that never ends still frees the slot at the deadline, with a timeout', async () => {
    const client = fixture.client({ timeoutMs: 200, getToken: () => new Promise<string>(() => undefined) });
    const error = await expectApiError(client.getBuild(fixture.service.data.builds[0]._id), 'timeout');
    assert.equal(error.message, 'The build service did not answer within 0.2 s.');
    assert.equal(client.inFlight, 0);
    assert.equal(fixture.service.requests.length, 0);
  });

  it("the caller's own abort is still a cancellation, not a timeout", async () => {
    fixture.service.setFault('GET /apps/:app_id/builds', DRIP);
    const client = fixture.client({ timeoutMs: 5_000 });
    const controller = new AbortController();
    const pending = client.listBuilds(firstAppId(fixture.service), { signal: controller.signal });
    await waitFor(() => fixture.service.requests.length === 1, 'the request arrived');
    controller.abort();
    await expectApiError(pending, 'cancelled');
    await waitFor(() => client.inFlight === 0, 'the slot freed');
  });
});
