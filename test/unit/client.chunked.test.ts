// Answers without a Content-Length (chunked, as some proxies send them) take the streaming path of
// the transport, which must still stop at the size cap. The reference service always declares the
// length, so this suite runs its own small HTTP server on 127.0.0.1.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BuildServiceClient } from '../../src/api/client/client';
import { expectApiError } from './clientFixture';

const APP = '{"_id":"58a4e07838704cb2eacd7ce4","app_name":"Chunked","platform":"ios"}';

describe('BuildServiceClient: chunked answers', () => {
  let server: Server;
  let baseUrl: string;
  let apps = 1;
  before(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }); // no length: chunked
      response.write('\uFEFF[');
      for (let i = 0; i < apps; i++) response.write(i === 0 ? APP : `,${APP}`);
      response.end(']');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  const client = () => new BuildServiceClient({ baseUrl, getToken: () => Promise.resolve('t'), maxResponseBytes: 4 * 1024 });

  it('reads a chunked answer under the cap, byte-order mark dropped', async () => {
    apps = 3;
    const c = client();
    try {
      assert.deepEqual(
        (await c.listApps()).map((app) => app.name),
        ['Chunked', 'Chunked', 'Chunked'],
      );
    } finally {
      await c.dispose();
    }
  });

  it('stops a chunked answer at the cap: invalid-response', async () => {
    apps = 200; // about 14 KiB
    const c = client();
    try {
      assert.match((await expectApiError(c.listApps(), 'invalid-response')).message, /larger than the 4 KiB/);
    } finally {
      await c.dispose();
    }
  });
});
