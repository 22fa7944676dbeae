// npm run bench: each case measures the product's code against a baseline doing the bare minimum of
// the same job in the same run, and prints the ratios (time and retained memory).
import { request } from 'undici';
import { BuildServiceClient } from '../../src/api/client';
import { parseApps } from '../../src/api/parseApps';
import { sortByName } from '../../src/core/sortApps';
import { generateApps, startService } from '../service/server';
import { measure, ratio, type Sample } from './measure';

interface Case {
  name: string;
  baselineName: string;
  subject: Sample;
  baseline: Sample;
  /** Heap readings around network I/O mix in sockets and buffers; such cases report time only. */
  timeOnly?: boolean;
}

async function listTenThousandApps(): Promise<Case> {
  const service = await startService();
  service.setApps(generateApps(10_000));
  const client = new BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token) });
  const rawGet = async (): Promise<unknown> => {
    const response = await request(`${service.baseUrl}/apps`, { headers: { authorization: `Bearer ${service.token}` } });
    return JSON.parse(await response.body.text());
  };
  try {
    return {
      name: 'listApps, 10,000 apps (validated, mapped)',
      baselineName: 'undici request + JSON.parse',
      subject: await measure(() => client.listApps()),
      baseline: await measure(rawGet),
      timeOnly: true,
    };
  } finally {
    await client.dispose();
    await service.close();
  }
}

async function parseTenThousandApps(): Promise<Case> {
  const body = JSON.stringify(generateApps(10_000));
  return {
    name: 'parse 10,000 apps from their JSON (validated, mapped to App)',
    baselineName: 'JSON.parse alone',
    subject: await measure(() => parseApps(JSON.parse(body))),
    baseline: await measure(() => JSON.parse(body) as unknown),
  };
}

async function sortTenThousandApps(): Promise<Case> {
  const apps = generateApps(10_000).map((app) => ({ id: app._id, name: app.app_name }));
  const byCodeUnits = () => [...apps].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    name: 'sort 10,000 apps by name (locale-aware)',
    baselineName: 'sort by UTF-16 code units',
    subject: await measure(() => sortByName(apps)),
    baseline: await measure(byCodeUnits),
    timeOnly: true, // both keep one 10,000-slot array; the readings are below the heap's noise
  };
}

async function main(): Promise<void> {
  const cases = [await listTenThousandApps(), await parseTenThousandApps(), await sortTenThousandApps()];
  for (const c of cases) {
    console.log(`${c.name}\n  vs ${c.baselineName}`);
    console.log(`  time   ${ratio(c.subject.medianMs, c.baseline.medianMs)}  (${c.subject.medianMs.toFixed(1)} ms vs ${c.baseline.medianMs.toFixed(1)} ms, median)`);
    if (c.timeOnly) continue;
    console.log(`  memory ${ratio(c.subject.retainedBytes, c.baseline.retainedBytes)}  (${kib(c.subject.retainedBytes)} vs ${kib(c.baseline.retainedBytes)} retained)`);
  }
}

const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KiB`;

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
