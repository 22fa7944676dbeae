// The client, bundled and minified as it ships, against the bare minimum with undici on the same
// service: how close to the wire each request is. The reference service runs in this process, on 127.0.0.1.
import { Agent, request } from 'undici';
import type * as ClientModule from '../../src/api/client';
import { generateApps, startService } from '../service/server';
import { alternate, type Pair } from './measure';

type Shipped = typeof ClientModule;

/** listApps of 10,000 apps against undici.request + JSON.parse of the same answer. */
export async function listTenThousandApps(shipped: Shipped): Promise<Pair> {
  const service = await startService();
  service.setApps(generateApps(10_000));
  const client = new shipped.BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token) });
  const headers = { authorization: `Bearer ${service.token}` };
  const raw = async (): Promise<unknown> => JSON.parse(await (await request(`${service.baseUrl}/apps`, { headers })).body.text());
  try {
    return await alternate(() => client.listApps(), raw, 21);
  } finally {
    await client.dispose();
    await service.close();
  }
}

/** 1,000 getBuild in a row against 1,000 undici requests + JSON.parse on one keep-alive connection. */
export async function thousandSmallRequests(shipped: Shipped): Promise<Pair> {
  const service = await startService();
  const buildId = service.data.builds[0]?._id ?? '';
  const client = new shipped.BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token) });
  const agent = new Agent({ connections: 1 });
  const headers = { authorization: `Bearer ${service.token}` };
  const url = `${service.baseUrl}/builds/${buildId}`;
  const viaClient = async (): Promise<void> => {
    for (let i = 0; i < 1000; i++) await client.getBuild(buildId);
  };
  const raw = async (): Promise<void> => {
    for (let i = 0; i < 1000; i++) JSON.parse(await (await request(url, { headers, dispatcher: agent })).body.text());
  };
  try {
    return await alternate(viaClient, raw, 15, 2);
  } finally {
    await client.dispose();
    await agent.close();
    await service.close();
  }
}
