// The HTTP stack is a second bundle, loaded on the first request: the client the extension holds
// (LazyClient) must behave like the real one, and errors from the other bundle's copy of ApiError
// must still be recognised.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { InvalidBaseUrlError, isApiError } from '../../src/api/errors';
import { LazyClient } from '../../src/services/apiLoader';
import type { ReferenceService } from '../service/contract';
import { startService } from '../service/server';
import { expectApiError } from './clientFixture';

describe('the client loaded on first use', () => {
  let service: ReferenceService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  const lazyClient = (token = service.token) => new LazyClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(token) });

  it('lists the apps, and failures are ApiErrors with their kind', async () => {
    const client = lazyClient();
    try {
      assert.equal((await client.listApps()).length, service.data.apps.length);
      await expectApiError(client.getBuild('000000000000000000000000'), 'not-found');
    } finally {
      await client.dispose();
    }
  });

  it('an unusable address fails when the client is made, as the real client does', () => {
    assert.throws(() => new LazyClient({ baseUrl: 'https://x.example/api', getToken: () => Promise.resolve('t') }), InvalidBaseUrlError);
  });

  it('disposed before its first request: sends nothing then, and later requests are cancelled', async () => {
    const client = lazyClient();
    const before = service.requests.length;
    await client.dispose();
    await expectApiError(client.listApps(), 'cancelled');
    assert.equal(service.requests.length, before);
  });

  it('dist/api.js (the bundle) answers with ApiErrors that this copy of isApiError recognises', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require(join(__dirname, '../../../dist/api.js')) as typeof import('../../src/api/client');
    const client = new bundle.BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve('not-the-token') });
    try {
      const failure: unknown = await client.listApps().then(
        () => assert.fail('a wrong token must fail'),
        (error: unknown) => error,
      );
      assert.ok(isApiError(failure), String(failure));
      assert.equal(failure.kind, 'unauthorized');
    } finally {
      await client.dispose();
    }
  });
});
