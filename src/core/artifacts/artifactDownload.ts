// A build's artifact to disk: streamed (never the whole file in memory) into a temporary file in the
// chosen folder, named only when every byte has arrived. Refused, cancelled, cut off or stalled, it
// leaves nothing behind, and says why.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { DownloadHop, OpenedDownload } from '../../api/downloads/download';
import { ApiError } from '../../api/errors';
import { createExclusive, finishWithoutReplacing } from './artifactFile';
import { checkFolder, sweepStaleDownloads } from './artifactFolder';
import { DiskRoom } from './diskRoom';
import { cutReason, DownloadFailed, failureOf } from './downloadFailure';
import type { ArtifactProgress } from './downloadText';
import { artifactFileName, pathInside } from './fileName';
import { grewTooLargeReason, noSpaceReason, outgrewDiskReason, tooLargeReason } from './refusalText';

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
  /** The folder the user chose, which `folder` must stay inside (default: `folder` itself). */
  root?: string;
  /** buildService.downloadSizeLimitMB, in bytes (default: no limit). */
  maxBytes?: number;
  /** buildService.requestTimeoutSeconds, in ms: how long a silence may last, for the message. */
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: ArtifactProgress) => void;
  onHop?: (hop: DownloadHop) => void;
  /** Tests only: the disk counts as having at most this many bytes free (production: statfs alone). */
  freeBytesLimit?: number;
  /** Temporary files older than a day that were removed from the folder. */
  onSwept?: (names: readonly string[]) => void;
}

export interface SavedArtifact {
  path: string;
  name: string;
  bytes: number;
}

/** Kinds the error presenter words better (with their fix): a token or address problem of the service itself. */
const SERVICE_KINDS = new Set(['not-configured', 'invalid-setting', 'missing-token', 'unauthorized', 'unencrypted', 'proxy-auth']);

export async function saveArtifact(request: SaveArtifact): Promise<SavedArtifact> {
  const { signal, folder, root = folder, maxBytes = Infinity } = request;
  let opened: OpenedDownload;
  try {
    // Before any request: a folder that would lead elsewhere is refused without asking the network.
    await checkFolder(root, folder);
    opened = await request.client.openDownload(request.url, { signal, onHop: request.onHop });
  } catch (error) {
    if (error instanceof ApiError && SERVICE_KINDS.has(error.kind)) throw error;
    throw failureOf(error, request, 0);
  }
  const name = artifactFileName({ suggested: opened.suggestedName, url: opened.url, linkName: request.linkName });
  const temporary = pathInside(folder, `${name}.${randomBytes(4).toString('hex')}.download`);
  let received = 0;
  let created = false;
  try {
    if (!temporary) throw new DownloadFailed('disk', l10n.t('the file name is not usable'), 0);
    const total = opened.size;
    if (total !== undefined && total > maxBytes) throw new DownloadFailed('too-large', tooLargeReason(total, maxBytes), 0);
    await checkFolder(root, folder, { create: true });
    const swept = await sweepStaleDownloads(folder);
    if (swept.length > 0) request.onSwept?.(swept);
    const room = new DiskRoom(folder, request.freeBytesLimit);
    if (total !== undefined && !(await room.fits(0, total))) throw new DownloadFailed('disk', noSpaceReason(total, room.free), 0);
    const file = await createExclusive(temporary);
    created = true;
    await pipeline(
      opened.body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          if (!(await room.fits(received, chunk.length))) throw new DownloadFailed('disk', outgrewDiskReason(room.free), received);
          received += chunk.length;
          if (received > maxBytes) throw new DownloadFailed('too-large', grewTooLargeReason(maxBytes), received);
          request.onProgress?.({ received, total });
          yield chunk;
        }
      },
      file,
      { signal },
    );
    if (total !== undefined && received !== total) throw new DownloadFailed('cut', cutReason(received, total), received);
    // Checked again: the folder may have been swapped for a link while the bytes arrived.
    await checkFolder(root, folder);
    const saved = await finishWithoutReplacing(temporary, folder, name);
    return { ...saved, bytes: received };
  } catch (error) {
    opened.body.destroy();
    // Only a file this download created: never one that was there under that name.
    if (created && temporary) await rm(temporary, { force: true }).catch(() => undefined);
    throw failureOf(error, request, received, opened.size, opened.url);
  }
}
