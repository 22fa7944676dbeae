// A client costs nothing until its first request, and one closed before it sends nothing at all.
import * as assert from 'node:assert/strict';
import { BuildServiceClient } from '../../src/api/client/client';
import type { ReferenceService } from '../service/contract';
import { startService } from '../service/server';
import { expectApiError } from './clientFixture';

describe('a client before its first request', () => {
  let service: ReferenceService;
  before(async () => {
    service = await startService();
  });
  after(() => service.close());

  const newClient = () => new BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token) });

  it('sends nothing when made, and lists the apps when asked', async () => {
    const before = service.requests.length;
    const client = newClient();
    try {
      assert.equal(service.requests.length, before);
      assert.equal((await client.listApps()).length, service.data.apps.length);
    } finally {
      await client.dispose();
    }
  });

  it('disposed before its first request: sends nothing then, and later requests are cancelled', async () => {
    const client = newClient();
    const before = service.requests.length;
    await client.dispose();
    await expectApiError(client.listApps(), 'cancelled');
    assert.equal(service.requests.length, before);
  });
});
