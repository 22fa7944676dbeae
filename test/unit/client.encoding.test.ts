import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { ApiError } from '../../src/api/errors';
import { expectApiError, firstAppId, useReferenceService } from './clientFixture';

// Lone UTF-16 surrogates have no UTF-8 form, so no request can carry them: the client refuses them
// with `bad-request` before sending. The property covers both sides: well-formed names round-trip,
// ill-formed ones are refused and nothing reaches the service.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

describe('BuildServiceClient: percent-encoding', () => {
  const fixture = useReferenceService();

  for (const [branch, encoded] of [
    ['feature/find&replace', 'feature%2Ffind%26replace'],
    ['a+b c', 'a%2Bb%20c'],
    ['100%=sure?#', '100%25%3Dsure%3F%23'],
    ['ünï/😀', '%C3%BCn%C3%AF%2F%F0%9F%98%80'],
    ["it's", 'it%27s'],
  ]) {
    it(`sends the branch ${JSON.stringify(branch)} as ${encoded}, which the service decodes back`, async () => {
      const appId = firstAppId(fixture.service);
      await fixture.client().listBuilds(appId, { branch, status: 'success', limit: 5 });
      const [request] = fixture.service.requests;
      assert.equal(request.rawUrl, `/v1/apps/${appId}/builds?branch=${encoded}&status=success&limit=5`);
      assert.equal(request.query.branch, branch);
    });
  }

  it('encodes path segments built from ids', async () => {
    await expectApiError(fixture.client().getBuild("a/b?c d'"), 'not-found');
    assert.equal(fixture.service.requests[0].rawPath, '/builds/a%2Fb%3Fc%20d%27');
  });

  it('an id of "." or ".." stays a segment of its own route instead of climbing to another', async () => {
    const client = fixture.client();
    await expectApiError(client.getBuild('..'), 'not-found');
    await expectApiError(client.cancelBuild('.'), 'not-found');
    assert.deepEqual(
      fixture.service.requests.map((request) => request.rawUrl),
      ['/v1/builds/..', '/v1/builds/./cancel'],
    );
  });

  it('an empty id is refused before sending', async () => {
    await expectApiError(fixture.client().getBuild(''), 'bad-request');
    assert.equal(fixture.service.requests.length, 0);
  });

  it('a limit outside 1–100 is refused before sending', async () => {
    const client = fixture.client();
    for (const limit of [0, 101, 2.5]) await expectApiError(client.listBuilds(firstAppId(fixture.service), { limit }), 'bad-request');
    assert.equal(fixture.service.requests.length, 0);
  });

  it('a lone surrogate in a branch is refused with a clear error; nothing is sent', async () => {
    const client = fixture.client();
    const appId = firstAppId(fixture.service);
    const error = await expectApiError(client.listBuilds(appId, { branch: 'fix\uD800' }), 'bad-request');
    assert.match(error.message, /branch contains a character that cannot be sent/);
    await expectApiError(client.triggerBuild(appId, { branch: '\uDC00' }), 'bad-request');
    assert.equal(fixture.service.requests.length, 0);
  });

  it('property: any non-empty string round-trips as a branch, or is refused when it cannot be UTF-8', async () => {
    const client = fixture.client();
    const appId = firstAppId(fixture.service);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), async (branch) => {
        fixture.service.clearRequests();
        const outcome = await client.listBuilds(appId, { branch }).catch((error: unknown) => error);
        if (LONE_SURROGATE.test(branch)) {
          assert.ok(outcome instanceof ApiError && outcome.kind === 'bad-request');
          assert.equal(fixture.service.requests.length, 0);
          return;
        }
        assert.ok(Array.isArray(outcome), `listBuilds failed: ${String(outcome)}`);
        const [request] = fixture.service.requests;
        // encodeURIComponent's spelling, but for the apostrophe (see encodeValue in src/api/client/urls.ts).
        assert.equal(request.rawUrl, `/v1/apps/${appId}/builds?branch=${encodeURIComponent(branch).replaceAll("'", '%27')}`);
        assert.equal(request.query.branch, branch);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a triggered branch arrives intact in the JSON body', async () => {
    const client = fixture.client();
    const appId = firstAppId(fixture.service);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), async (branch) => {
        fixture.service.clearRequests();
        await client.triggerBuild(appId, { branch });
        assert.deepEqual(JSON.parse(fixture.service.requests[0].body), { branch });
      }),
      { numRuns: 50 },
    );
  });
});
