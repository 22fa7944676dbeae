// The sizes of the Build History's 50 builds (issue 50): each artifact's size from one GET of its first
// byte, through the client's download guards, at most 4 at a time (services/testing/requestPlan.ts's
// MAX_IN_FLIGHT), kept as the store keeps them; against a bare `fetch` of the first byte per artifact with
// the same concurrency, on the same service in the same run. Both count the requests the service saw.
import type * as SizesModule from './sizesEntry';
import { startService, type Build } from '../service/server';
import { artifactPath } from '../service/artifacts';
import { alternate, type Pair } from './measure';

const BUILDS = 50;
const FILES = ['App.apk', 'App-mapping.txt'];
const IN_FLIGHT = 4;

async function pooled<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

export async function historySizes(
  shipped: typeof SizesModule,
): Promise<Pair & { requests: number; baselineRequests: number; artifacts: number }> {
  const service = await startService();
  const template = service.data.builds.find((b) => b.finished && b.build_status === 'success');
  if (!template) throw new Error('the reference service has no finished build');
  const builds: Build[] = Array.from({ length: BUILDS }, (_, i) => {
    const id = `5123e${i.toString(16).padStart(19, '0')}`;
    const download = FILES.map((file) => {
      const path = artifactPath(id, file);
      service.data.artifactSizes.set(path, 30_000_000 + i * 100_000 + file.length);
      return { name: file, url: `${service.data.origin}${path}` };
    });
    return { ...structuredClone(template), _id: id, build_number: i + 1, links: { download, install: [] } };
  });
  service.data.builds.push(...builds);
  const links = builds.flatMap((b) => b.links.download.map((link) => ({ build: b._id, link })));
  const client = new shipped.BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token) });
  const headers = { authorization: `Bearer ${service.token}`, range: 'bytes=0-0', 'accept-encoding': 'identity' };
  let requests = 0;
  let baselineRequests = 0;
  const viaExtension = async (): Promise<void> => {
    const before = service.requests.length;
    const asked = builds.flatMap((build) => shipped.sizedArtifacts(build.links.download).map((artifact) => ({ build, ...artifact })));
    const learnt = new Map<string, Record<string, number | null>>();
    await pooled(asked, async ({ build, key, link }) => {
      const size = (await client.artifactSize(link.url)) ?? null;
      learnt.set(build._id, { ...learnt.get(build._id), [key]: size });
    });
    let stored = shipped.NO_SIZES;
    for (const [id, sizes] of learnt) stored = shipped.withSizes(stored, id, sizes);
    if (stored.builds.length !== BUILDS || stored.builds.some(([, s]) => Object.values(s).some((v) => v === null))) {
      throw new Error('a size was not learnt');
    }
    requests = service.requests.length - before;
  };
  const bare = async (): Promise<void> => {
    const before = service.requests.length;
    await pooled(links, async ({ link }) => {
      const response = await fetch(link.url, { headers });
      await response.body?.cancel();
      if (!response.headers.get('content-range')) throw new Error('no Content-Range');
    });
    baselineRequests = service.requests.length - before;
  };
  try {
    return { ...(await alternate(viaExtension, bare, 9, 2)), requests, baselineRequests, artifacts: links.length };
  } finally {
    await client.dispose();
    await service.close();
  }
}
