// What the fault cases (faultCases.ts) need around them, the same in plain Node and in the host: the
// reference service, services with an untrusted and an expired certificate, a proxy that wants
// credentials, an address where nothing listens, the service's real answers, and a client per case.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { BuildServiceClient, type BuildServiceClientOptions } from '../src/api/client/client';
import { ApiError } from '../src/api/errors';
import type { NetworkOptions } from '../src/api/transport/network';
import type { Documents, FaultCase } from './faultCases';
import { createTestCa, expiredValidity } from './network/certificates';
import { type ForwardProxy, startForwardProxy } from './network/forwardProxy';
import { type RunningService, startService } from './service/server';
import { IOS_2048 } from './service/seedCatalog';

/** How one load through the client ended: the error, or the apps' names when it listed apps. */
export interface ClientOutcome {
  error?: ApiError;
  appNames: string[];
}

export interface FaultEnvironment {
  readonly service: RunningService;
  readonly authProxy: ForwardProxy;
  /** A finished build no suite has loaded before (the view keeps details by id), the newest. */
  readonly finishedBuildId: string;
  baseUrlFor(c: FaultCase): string;
  /** Arms the case's fault on the service (after clearing any earlier one). */
  arm(c: FaultCase): void;
  /** One load of the case's part of the tree through a client of its own, as the view would ask. */
  load(c: FaultCase, options?: Partial<BuildServiceClientOptions>): Promise<ClientOutcome>;
  close(): Promise<void>;
}

/** Starts everything; `documents` receives the service's real answers for the wrong-field cases. */
export async function startFaultEnvironment(documents: Documents): Promise<FaultEnvironment> {
  const savedExtraCa = process.env.NODE_EXTRA_CA_CERTS;
  const ca = createTestCa();
  process.env.NODE_EXTRA_CA_CERTS = ca.certFile; // trusted, so the expired certificate fails for its date
  const service = await startService();
  const untrusted = await startService({ tls: createTestCa('Unknown CA').issue(['127.0.0.1']) });
  const expired = await startService({ tls: ca.issue(['127.0.0.1'], expiredValidity()) });
  const authProxy = await startForwardProxy({ basicAuth: { user: 'u', password: 'p' } });
  const closed = net.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const refusedUrl = `http://127.0.0.1:${(closed.address() as net.AddressInfo).port}/v1`;
  await new Promise((r) => closed.close(r));

  const fetchJson = async (path: string): Promise<unknown> =>
    (await fetch(service.baseUrl + path, { headers: { authorization: `Bearer ${service.token}` } })).json();
  documents.apps = await fetchJson('/apps');
  const builds = (await fetchJson(`/apps/${IOS_2048}/builds?limit=10`)) as { _id: string; finished: boolean }[];
  const seeded = builds.filter((b) => b.finished)[0]._id;
  documents.builds = [builds.find((b) => b._id === seeded)];
  documents.tests = await fetchJson(`/builds/${seeded}/tests?showPassing=true`);
  documents.coverage = await fetchJson(`/builds/${seeded}/coverage`);
  // A copy of a finished build under a random id (the service's ids are deterministic, so an earlier
  // suite may have loaded the seeded one's details); its answers are replaced by the faults anyway.
  const copy = structuredClone(service.data.builds.find((b) => b._id === seeded));
  assert.ok(copy);
  const finishedBuildId = randomBytes(12).toString('hex');
  service.data.builds.push({ ...copy, _id: finishedBuildId, created_at: new Date().toISOString() });
  assert.equal(((await fetchJson(`/builds/${finishedBuildId}`)) as { finished: boolean }).finished, true);

  const baseUrlFor = (c: FaultCase): string => {
    switch (c.env?.baseUrl) {
      case 'refused':
        return refusedUrl;
      case 'unresolvable':
        return 'https://builds.service.invalid:1/v1';
      case 'tls-to-plain':
        return service.baseUrl.replace('http:', 'https:');
      case 'untrusted-tls':
        return untrusted.baseUrl;
      case 'expired-tls':
        return expired.baseUrl;
      default:
        return service.baseUrl;
    }
  };

  return {
    service,
    authProxy,
    finishedBuildId,
    baseUrlFor,
    arm(c) {
      service.clearFaults();
      if (c.route && c.fault) service.setFault(c.route, c.fault);
    },
    async load(c, options = {}) {
      const network: NetworkOptions = c.env?.proxy407 ? { proxy: { url: authProxy.url } } : {};
      const client = new BuildServiceClient({
        baseUrl: baseUrlFor(c),
        getToken: () => Promise.resolve(service.token),
        timeoutMs: (c.timeoutSeconds ?? 30) * 1000,
        network,
        ...options,
      });
      try {
        if (c.where === 'apps') return { appNames: (await client.listApps()).map((app) => app.name) };
        if (c.where === 'builds') await client.listBuilds(IOS_2048, { limit: 10 });
        else await Promise.all([client.getTests(finishedBuildId), client.getCoverage(finishedBuildId)]);
        return { appNames: [] };
      } catch (error) {
        assert.ok(error instanceof ApiError, `the client rejects with ApiError only, got ${String(error)}`);
        return { error, appNames: [] };
      } finally {
        await client.dispose();
      }
    },
    async close() {
      if (savedExtraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = savedExtraCa;
      await Promise.all([service.close(), untrusted.close(), expired.close(), authProxy.close()]);
    },
  };
}
