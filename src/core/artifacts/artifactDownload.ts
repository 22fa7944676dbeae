// A build's artifact to disk: streamed (never the whole file in memory) into a temporary name in the
// target folder, renamed only when every byte has arrived. Cancelled, cut off or stalled, it leaves
// nothing behind, and says why.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { DownloadHop, OpenedDownload } from '../../api/download';
import { ApiError } from '../../api/errors';
import { cutReason, DownloadFailed, failureOf } from './downloadFailure';
import type { ArtifactProgress } from './downloadText';
import { artifactFileName, freeName, pathInside } from './fileName';

// The command loads this module on first use; what it shows comes with it, in one piece.
export { DownloadFailed } from './downloadFailure';
export { byteSize, progressText, type ArtifactProgress } from './downloadText';

export interface ArtifactSource {
  openDownload(url: string, options: { signal?: AbortSignal; onHop?: (hop: DownloadHop) => void }): Promise<OpenedDownload>;
}

export interface SaveArtifact {
  client: ArtifactSource;
  url: string;
  /** The link's name from the build, the last choice for the file name. */
  linkName?: string;
  folder: string;
  /** buildService.requestTimeoutSeconds, in ms: how long a silence may last, for the message. */
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: ArtifactProgress) => void;
  onHop?: (hop: DownloadHop) => void;
}

export interface SavedArtifact {
  path: string;
  name: string;
  bytes: number;
}

/** Kinds the error presenter words better (with their fix): a token or address problem of the service itself. */
const SERVICE_KINDS = new Set(['not-configured', 'invalid-setting', 'missing-token', 'unauthorized', 'unencrypted', 'proxy-auth']);

export async function saveArtifact(request: SaveArtifact): Promise<SavedArtifact> {
  const { signal } = request;
  let opened: OpenedDownload;
  try {
    opened = await request.client.openDownload(request.url, { signal, onHop: request.onHop });
  } catch (error) {
    if (error instanceof ApiError && SERVICE_KINDS.has(error.kind)) throw error;
    throw failureOf(error, request, 0);
  }
  const name = artifactFileName({ suggested: opened.suggestedName, url: opened.url, linkName: request.linkName });
  const temporary = pathInside(request.folder, `${name}.${randomBytes(4).toString('hex')}.download`);
  if (!temporary) throw new DownloadFailed('disk', l10n.t('the file name is not usable'), 0);
  let received = 0;
  try {
    await mkdir(request.folder, { recursive: true });
    const total = opened.size;
    await pipeline(
      opened.body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          received += chunk.length;
          request.onProgress?.({ received, total });
          yield chunk;
        }
      },
      createWriteStream(temporary, { flags: 'wx' }),
      { signal },
    );
    if (total !== undefined && received !== total) throw new DownloadFailed('cut', cutReason(received, total), received);
    const final = freeName(name, (candidate) => existsSync(pathInside(request.folder, candidate) ?? temporary));
    const target = pathInside(request.folder, final);
    if (!target) throw new DownloadFailed('disk', l10n.t('the file name is not usable'), received);
    await rename(temporary, target);
    return { path: target, name: final, bytes: received };
  } catch (error) {
    opened.body.destroy();
    await rm(temporary, { force: true }).catch(() => undefined);
    throw failureOf(error, request, received, opened.size, opened.url);
  }
}
