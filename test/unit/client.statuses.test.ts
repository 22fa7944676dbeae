import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/api/errors';
import { loggedText, shownText } from '../../src/core/text/serviceText';
import { expectApiError, firstAppId, useReferenceService } from './clientFixture';

const UNKNOWN_ID = '0123456789abcdef01234567';

describe('BuildServiceClient: every status of the spec', () => {
  const fixture = useReferenceService();

  it('200: lists the apps', async () => {
    const apps = await fixture.client().listApps();
    assert.equal(apps.length, fixture.service.data.apps.length);
    assert.ok(apps.every((app) => typeof app.id === 'string' && typeof app.name === 'string'));
  });

  it('200 and 201: trigger returns the new build id either way', async () => {
    const appId = firstAppId(fixture.service);
    const client = fixture.client();
    const fresh = await client.triggerBuild(appId, { branch: 'main' });
    assert.match(fresh, /^[0-9a-f]{24}$/);
    for (const status of [200, 201]) {
      fixture.service.setFault('POST /apps/:app_id/build', { status, rawBody: '{"build_id":"571a68649d3b8171c5ef489f"}' });
      assert.equal(await client.triggerBuild(appId), '571a68649d3b8171c5ef489f');
    }
  });

  it('201 without a body: says the build was accepted and not to trigger again', async () => {
    fixture.service.setFault('POST /apps/:app_id/build', { status: 201, body: 'empty' });
    const error = await expectApiError(fixture.client().triggerBuild(firstAppId(fixture.service)), 'invalid-response');
    assert.match(error.message, /accepted the build \(201\)/);
  });

  it('204: cancel succeeds with no body', async () => {
    const build = fixture.service.data.builds[0];
    fixture.service.setFault('POST /builds/:build_id/cancel', { status: 204, body: 'empty' });
    await fixture.client().cancelBuild(build._id);
    assert.equal(fixture.service.requestsTo('POST /builds/:build_id/cancel').length, 1);
  });

  it('cancel of an unfinished build: one POST, and the build then reads as cancelled and finished', async () => {
    const unfinished = fixture.service.data.builds.find((b) => !b.finished);
    assert.ok(unfinished, 'the seed has an unfinished build');
    const client = fixture.client();
    await client.cancelBuild(unfinished._id);
    assert.deepEqual(
      fixture.service.requestsTo('POST /builds/:build_id/cancel').map((r) => r.rawPath),
      [`/builds/${unfinished._id}/cancel`],
    );
    const read = await client.getBuild(unfinished._id);
    assert.deepEqual([read.status, read.finished], ['cancelled', true]);
  });

  it('400: bad-request with the server message', async () => {
    fixture.service.setFault('GET /apps/:app_id/builds', { status: 400, errorMessage: 'limit must be between 1 and 100' });
    const error = await expectApiError(fixture.client().listBuilds(firstAppId(fixture.service)), 'bad-request');
    assert.equal(error.status, 400);
    assert.equal(error.serverMessage, 'limit must be between 1 and 100');
    assert.match(error.message, /limit must be between 1 and 100/);
  });

  it('401 for a revoked token: "Invalid authorization token"', async () => {
    fixture.service.revokeToken(fixture.service.token);
    const error = await expectApiError(fixture.client().listApps(), 'unauthorized');
    assert.equal(error.status, 401);
    assert.equal(error.serverMessage, 'Invalid authorization token');
    assert.match(error.message, /Invalid authorization token/);
  });

  it('401 for a wrong token, and the token is not echoed', async () => {
    const error = await expectApiError(fixture.client({ getToken: () => Promise.resolve('not-the-token') }).listApps(), 'unauthorized');
    assert.equal(error.serverMessage, 'Invalid authorization token');
    assert.ok(!error.message.includes('not-the-token'));
  });

  it('401 without a token on the wire: "No authorization token was found" (as a proxy could answer)', async () => {
    fixture.service.setFault('GET /apps', { status: 401, errorMessage: 'No authorization token was found' });
    const error = await expectApiError(fixture.client().listApps(), 'unauthorized');
    assert.equal(error.serverMessage, 'No authorization token was found');
  });

  it('404: an unknown build is not-found', async () => {
    const error = await expectApiError(fixture.client().getBuild(UNKNOWN_ID), 'not-found');
    assert.equal(error.status, 404);
    assert.ok(error.url?.endsWith(`/builds/${UNKNOWN_ID}`));
  });

  it('500 with an empty body: server-error, no server message', async () => {
    fixture.service.setFault('GET /apps', { status: 500, body: 'empty' });
    const error = await expectApiError(fixture.client().listApps(), 'server-error');
    assert.equal(error.status, 500);
    assert.equal(error.serverMessage, undefined);
  });

  for (const status of [503, 504]) {
    it(`${status}: unavailable, with a message a person understands`, async () => {
      fixture.service.setFault('GET /apps', { status });
      const error = await expectApiError(fixture.client().listApps(), 'unavailable');
      assert.equal(error.status, status);
      assert.match(error.message, new RegExp(`^The build service is temporarily unavailable \\(${status}\\)`));
    });
  }

  it('503 with an HTML page from a proxy: still unavailable', async () => {
    fixture.service.setFault('GET /apps', { status: 503, body: 'html' });
    const error = await expectApiError(fixture.client({ retry: { attempts: 1 } }).listApps(), 'unavailable');
    assert.equal(error.serverMessage, undefined);
    assert.ok(!error.message.includes('<'), 'no HTML in the message');
  });

  it('statuses outside the table map sensibly: 502 unavailable, 403 unauthorized, 409 bad-request', async () => {
    const client = fixture.client();
    const expected = [
      [502, 'unavailable'],
      [403, 'unauthorized'],
      [409, 'bad-request'],
      [418, 'bad-request'],
      [501, 'server-error'],
    ] as const;
    for (const [status, kind] of expected) {
      fixture.service.setFault('GET /apps', { status, body: 'html' });
      const error = await expectApiError(client.listApps(), kind);
      assert.equal(error.status, status);
    }
  });

  it('no token: missing-token and nothing is sent', async () => {
    for (const token of [undefined, '', '  \n ']) {
      const error = await expectApiError(fixture.client({ getToken: () => Promise.resolve(token) }).listApps(), 'missing-token');
      assert.equal(error.status, undefined);
    }
    await expectApiError(fixture.client({ getToken: () => Promise.reject(new Error('keychain locked')) }).listApps(), 'missing-token');
    assert.equal(fixture.service.requests.length, 0);
  });

  it('a token with an inner line break is refused before sending and never echoed', async () => {
    const token = 'abc123\nsecret-rest';
    const error = await expectApiError(fixture.client({ getToken: () => Promise.resolve(token) }).listApps(), 'unauthorized');
    assert.ok(!error.message.includes('abc123') && !error.message.includes('secret-rest'));
    assert.equal(fixture.service.requests.length, 0);
  });

  it('surrounding whitespace of the token is trimmed', async () => {
    const apps = await fixture.client({ getToken: () => Promise.resolve(`  ${fixture.service.token}\n`) }).listApps();
    assert.ok(apps.length > 0);
  });

  it('the token never appears in an error, even when the service echoes it', async () => {
    const { service } = fixture;
    const client = fixture.client({ retry: { attempts: 1 } });
    const failures: unknown[] = [];
    const faults = [
      { status: 400, errorMessage: `bad token ${service.token} given` },
      { status: 401 },
      { status: 503, body: 'html' as const },
      { invalidJson: true },
      { wrongShape: true },
      { dropConnection: true },
    ];
    for (const fault of faults) {
      service.setFault('GET /apps', fault);
      failures.push(await client.listApps().catch((error: unknown) => error));
    }
    for (const failure of failures) {
      assert.ok(failure instanceof ApiError, String(failure));
      const text = `${failure.message} ${failure.serverMessage ?? ''} ${String(failure)} ${failure.url ?? ''}`;
      assert.ok(!text.includes(service.token), `token leaked in: ${text}`);
    }
    assert.match(String((failures[0] as { serverMessage?: string }).serverMessage), /bad token \[token\] given/);
  });

  it('a token across character 500 of a long message is redacted before the message is cut: no prefix of it is left', async () => {
    const { service } = fixture;
    const client = fixture.client({ retry: { attempts: 1 } });
    // The token starts at character 481, so a cut at 500 would keep its first 19 characters.
    service.setFault('GET /apps', { status: 403, errorMessage: `${'x'.repeat(480)} ${service.token} and more` });
    const error = await expectApiError(client.listApps(), 'unauthorized');
    const text = `${error.message} ${error.serverMessage ?? ''}`;
    assert.ok(!text.includes(service.token.slice(0, 8)), `a prefix of the token is left in: ${text.slice(480, 520)}`);
    assert.match(error.serverMessage ?? '', /x \[token\] and more$/);
  });
});

describe('BuildServiceClient: a token hidden by invisible characters in a server message', () => {
  const fixture = useReferenceService();

  it('is redacted, though the display rule removes the characters that split it', async () => {
    const { service } = fixture;
    const client = fixture.client({ retry: { attempts: 1 } });
    // A zero-width space, a soft hyphen and a bidi mark between the token's characters: not the token as
    // sent, until shownText and loggedText take them out for the notice, the log and a chat answer.
    const split = [...service.token].map((c, i) => c + ['\u200B', '\u00AD', '\u200E'][i % 3]).join('');
    service.setFault('GET /apps', { status: 403, errorMessage: `denied for ${split}` });
    const error = await expectApiError(client.listApps(), 'unauthorized');
    for (const shown of [shownText(error.message, 2_000), loggedText(error.message), loggedText(error.serverMessage ?? '')]) {
      assert.ok(!shown.includes(service.token.slice(0, 8)), `the token is shown: ${shown}`);
    }
    assert.match(error.serverMessage ?? '', /^denied for \[token\]/);
  });
});
