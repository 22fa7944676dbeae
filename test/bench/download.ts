// A 20 MiB artifact from the reference service to disk: Download Artifact's code as it ships (the
// client and core/artifactDownload.ts, bundled and minified) against the bare minimum, undici.request
// piped to a file, on the same service in the same run.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import type * as DownloadModule from './downloadEntry';
import { LARGE_ARTIFACT_BYTES, startService } from '../service/server';
import { alternate, type Pair } from './measure';

export async function downloadTwentyMebibytes(shipped: typeof DownloadModule): Promise<Pair & { bytes: number }> {
  const service = await startService();
  const url = service.data.builds.flatMap((build) => build.links?.download ?? []).find((link) => link.url.endsWith('.dSYM.zip'))?.url;
  if (!url) throw new Error('the reference service has no 20 MiB artifact');
  const client = new shipped.BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token) });
  const agent = new Agent();
  const headers = { authorization: `Bearer ${service.token}` };
  const folder = mkdtempSync(join(tmpdir(), 'bench-download-'));
  const viaExtension = async (): Promise<void> => {
    const saved = await shipped.saveArtifact({ client, url, folder, timeoutMs: 30_000 });
    rmSync(saved.path);
  };
  const raw = async (): Promise<void> => {
    const file = join(folder, 'raw.bin');
    await pipeline((await request(url, { headers, dispatcher: agent })).body, createWriteStream(file));
    rmSync(file);
  };
  try {
    return { ...(await alternate(viaExtension, raw, 9, 2)), bytes: LARGE_ARTIFACT_BYTES };
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await client.dispose();
    await agent.close();
    await service.close();
  }
}
