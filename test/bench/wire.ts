// The client, bundled and minified as it ships, against the bare minimum with undici on the same
// service: how close to the wire each request is. The reference service runs in this process, on 127.0.0.1.
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type * as ClientModule from '../../src/api/client/client';
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

export interface DripOutcome {
  /** Slots held while the four answers dripped, and once they had ended (or at twice the deadline). */
  heldWhileDripping: number;
  heldAfter: number;
  /** How each request ended: an ApiError kind, 'answered', or 'still running'. */
  outcomes: string[];
  endedMs?: number;
  deadlineMs: number;
}

/**
 * Four answers that drip a byte every 50 ms for ever (never idle long enough for an idle timeout)
 * fill every slot of the client; with a timeout of 500 ms, how many slots do they hold once over?
 * Counted when all four have ended, or at twice the deadline if they have not: a client without an
 * overall deadline holds all four for ever.
 */
export async function drippingAnswers(shipped: Shipped): Promise<DripOutcome> {
  const deadlineMs = 500;
  const service = await startService();
  service.setFault('GET /apps/:app_id/builds', { dripEveryMs: 50 });
  const client = new shipped.BuildServiceClient({
    baseUrl: service.baseUrl,
    getToken: () => Promise.resolve(service.token),
    timeoutMs: deadlineMs,
  });
  const outcomes = ['still running', 'still running', 'still running', 'still running'];
  try {
    const started = performance.now();
    const requests = service.data.apps.slice(0, 4).map((app, i) =>
      client.listBuilds(app._id).then(
        () => (outcomes[i] = 'answered'),
        (error: { kind?: string }) => (outcomes[i] = error.kind ?? 'not an ApiError'),
      ),
    );
    const heldWhileDripping = client.inFlight;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      Promise.all(requests).then(() => performance.now() - started),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 2 * deadlineMs))),
    ]);
    clearTimeout(timer);
    return { heldWhileDripping, heldAfter: client.inFlight, outcomes: [...outcomes], endedMs: ended, deadlineMs };
  } finally {
    await client.dispose();
    await service.close();
  }
}

export interface RouteRequests {
  vscode: Pair;
  own: Pair;
}

/**
 * 200 sequential getBuild on a warm keep-alive connection: the client on VS Code's route (the host's
 * fetch, here Node's own: what is ours around it) and on our own route, each against plain `fetch`
 * + JSON.parse of the same address. In plain Node; the host's own patch is not in it.
 */
export async function routeRequests(shipped: typeof import('./routeEntry')): Promise<RouteRequests> {
  shipped.takeHostFetch();
  const service = await startService();
  const buildId = service.data.builds[0]?._id ?? '';
  const made = (network: { vscodeFetch?: boolean }) =>
    new shipped.BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token), network });
  const vscode = made({ vscodeFetch: true });
  const own = made({});
  const headers = { authorization: `Bearer ${service.token}` };
  const url = `${service.baseUrl}/builds/${buildId}`;
  const through = (client: InstanceType<typeof shipped.BuildServiceClient>) => async (): Promise<void> => {
    for (let i = 0; i < 200; i++) await client.getBuild(buildId);
  };
  const plain = async (): Promise<void> => {
    for (let i = 0; i < 200; i++) JSON.parse(await (await fetch(url, { headers })).text());
  };
  try {
    return { vscode: await alternate(through(vscode), plain, 15, 2), own: await alternate(through(own), plain, 15, 2) };
  } finally {
    await Promise.all([vscode.dispose(), own.dispose()]);
    await service.close();
  }
}
