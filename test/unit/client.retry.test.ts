import * as assert from 'node:assert/strict';
import { backoffDelayMs, parseRetryAfter } from '../../src/api/client/retry';
import { expectApiError, firstAppId, useReferenceService } from './clientFixture';

describe('BuildServiceClient: retries', () => {
  const fixture = useReferenceService();

  for (const status of [503, 504]) {
    it(`a GET under ${status} twice, then OK: 3 requests and the data`, async () => {
      fixture.service.setFault('GET /apps', { status, times: 2 });
      const apps = await fixture.client().listApps();
      assert.ok(apps.length > 0);
      assert.equal(fixture.service.requestsTo('GET /apps').length, 3);
    });
  }

  it('a GET under 503 for good: gives up after 3 attempts in all', async () => {
    fixture.service.setFault('GET /apps', { status: 503 });
    await expectApiError(fixture.client().listApps(), 'unavailable');
    assert.equal(fixture.service.requestsTo('GET /apps').length, 3);
  });

  it('the number of attempts is an option', async () => {
    fixture.service.setFault('GET /apps', { status: 504 });
    await expectApiError(fixture.client({ retry: { attempts: 5, baseDelayMs: 1 } }).listApps(), 'unavailable');
    assert.equal(fixture.service.requestsTo('GET /apps').length, 5);
  });

  it('a dropped connection on a GET is retried', async () => {
    fixture.service.setFault('GET /apps', { dropConnection: true, times: 1 });
    assert.ok((await fixture.client().listApps()).length > 0);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 2);
  });

  it('500 and 404 are not retried', async () => {
    fixture.service.setFault('GET /apps', { status: 500 });
    await expectApiError(fixture.client().listApps(), 'server-error');
    await expectApiError(fixture.client().getBuild('0123456789abcdef01234567'), 'not-found');
    assert.equal(fixture.service.requests.length, 2);
  });

  it('a POST trigger under 503 is sent exactly once', async () => {
    fixture.service.setFault('POST /apps/:app_id/build', { status: 503, times: 2 });
    await expectApiError(fixture.client().triggerBuild(firstAppId(fixture.service), { branch: 'main' }), 'unavailable');
    assert.equal(fixture.service.requestsTo('POST /apps/:app_id/build').length, 1);
  });

  it('a POST cancel whose connection drops is sent exactly once', async () => {
    fixture.service.setFault('POST /builds/:build_id/cancel', { dropConnection: true });
    await expectApiError(fixture.client().cancelBuild(fixture.service.data.builds[0]._id), 'network');
    assert.equal(fixture.service.requestsTo('POST /builds/:build_id/cancel').length, 1);
  });

  it('Retry-After within the cap is honoured', async () => {
    fixture.service.setFault('GET /apps', { status: 503, retryAfter: '1', times: 1 });
    const started = Date.now();
    await fixture.client({ retry: { baseDelayMs: 1 } }).listApps();
    assert.ok(Date.now() - started >= 950, 'waited about a second');
    assert.equal(fixture.service.requestsTo('GET /apps').length, 2);
  });

  it('Retry-After over the cap: fails at once with unavailable, carrying the wait', async () => {
    fixture.service.setFault('GET /apps', { status: 503, retryAfter: '120' });
    const started = Date.now();
    const error = await expectApiError(fixture.client().listApps(), 'unavailable');
    assert.equal(error.retryAfterMs, 120_000);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1);
    assert.ok(Date.now() - started < 1_000);
  });

  it('Retry-After as an HTTP date beyond the cap: 1 request', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    fixture.service.setFault('GET /apps', { status: 504, retryAfter: inAMinute });
    const error = await expectApiError(fixture.client().listApps(), 'unavailable');
    assert.ok(error.retryAfterMs! > 50_000);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1);
  });

  it('cancelled during the wait between attempts', async () => {
    fixture.service.setFault('GET /apps', { status: 503, retryAfter: '3' });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    await expectApiError(fixture.client().listApps({ signal: controller.signal }), 'cancelled');
    assert.ok(Date.now() - started < 1_000);
    assert.equal(fixture.service.requestsTo('GET /apps').length, 1);
  });
});

describe('parseRetryAfter and backoffDelayMs', () => {
  const now = Date.parse('2024-03-01T09:00:00.000Z');

  it('reads delta-seconds and HTTP dates, and ignores what it cannot read', () => {
    assert.equal(parseRetryAfter('2', now), 2_000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Fri, 01 Mar 2024 09:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('Fri, 01 Mar 2024 08:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter('-5', now), undefined);
  });

  it('full jitter stays within [0, base * 2^n)', () => {
    assert.equal(
      backoffDelayMs(0, 300, () => 0),
      0,
    );
    assert.equal(
      backoffDelayMs(2, 300, () => 0.5),
      600,
    );
    assert.ok(backoffDelayMs(3, 300, () => 0.999999) < 2_400);
  });
});
