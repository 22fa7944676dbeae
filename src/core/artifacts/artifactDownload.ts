// A build's artifact to disk: streamed (never the whole file in memory) into a temporary name in the
// target folder, renamed only when every byte has arrived. Cancelled, cut off or stalled, it leaves
// nothing behind, and says why.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { downloadFailure, downloadUrl, type DownloadHop, type OpenedDownload } from '../../api/download';
import { ApiError } from '../../api/errors';
import { artifactFileName, freeName, pathInside } from './fileName';

export interface ArtifactProgress {
  received: number;
  /** undefined when the server did not say the size. */
  total?: number;
}

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

export type DownloadFailureKind = 'cancelled' | 'cut' | 'stalled' | 'refused' | 'answer' | 'unreachable' | 'disk';

/** Why a download ended without a file; `reason` is for people (translated), the cause for the log. */
export class DownloadFailed extends Error {
  override readonly name = 'DownloadFailed';

  constructor(
    readonly kind: DownloadFailureKind,
    readonly reason: string,
    readonly received: number,
    cause?: unknown,
  ) {
    super(reason, cause === undefined ? undefined : { cause });
  }
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

function failureOf(error: unknown, request: SaveArtifact, received: number, total?: number, from = request.url): DownloadFailed {
  if (error instanceof DownloadFailed) return error;
  if (request.signal?.aborted) return new DownloadFailed('cancelled', l10n.t('it was cancelled'), received, error);
  if (isFileSystemError(error)) {
    return new DownloadFailed('disk', l10n.t('the file could not be written ({0})', error.code), received, error);
  }
  let url: URL;
  try {
    url = downloadUrl(from);
  } catch (refused) {
    return new DownloadFailed('refused', l10n.t('only http:// and https:// links are downloaded'), received, refused);
  }
  const failure = downloadFailure(error, url, request.signal, request.timeoutMs);
  const seconds = Math.round(request.timeoutMs / 1000);
  switch (failure.kind) {
    case 'cancelled':
      return new DownloadFailed('cancelled', l10n.t('it was cancelled'), received, failure);
    case 'bad-request':
      if (failure.status === undefined)
        return new DownloadFailed('refused', l10n.t('only http:// and https:// links are downloaded'), received, failure);
      return new DownloadFailed('answer', l10n.t('{0} answered {1}', url.host, failure.status), received, failure);
    case 'not-found':
    case 'server-error':
    case 'unavailable':
    case 'invalid-response':
      return new DownloadFailed('answer', l10n.t('{0} answered {1}', url.host, failure.status ?? '?'), received, failure);
    case 'timeout':
      return new DownloadFailed('stalled', stalledReason(url.host, seconds), received, failure);
    case 'certificate':
      return new DownloadFailed('unreachable', failure.message, received, failure);
    default:
      return received > 0 || total !== undefined
        ? new DownloadFailed('cut', cutReason(received, total), received, failure)
        : new DownloadFailed('unreachable', l10n.t('could not connect to {0}', url.host), received, failure);
  }
}

function stalledReason(host: string, seconds: number): string {
  return seconds === 1
    ? l10n.t('{0} sent nothing for 1 second (buildService.requestTimeoutSeconds)', host)
    : l10n.t('{0} sent nothing for {1} seconds (buildService.requestTimeoutSeconds)', host, seconds);
}

function cutReason(received: number, total: number | undefined): string {
  return total === undefined
    ? l10n.t('the connection broke off after {0}', byteSize(received))
    : l10n.t('the connection broke off after {0} of {1}', byteSize(received), byteSize(total));
}

// A socket's errors carry a syscall too; a file's carry its path, or a code only a disk gives.
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string } {
  const { path, code } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== 'string') return false;
  return typeof path === 'string' || ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EEXIST', 'EISDIR', 'ENOTDIR'].includes(code);
}

/** 20.0 MB, 512 KB, 12 bytes: decimal units, as file managers show sizes. */
export function byteSize(bytes: number): string {
  if (bytes < 1000) return bytes === 1 ? l10n.t('1 byte') : l10n.t('{0} bytes', bytes);
  if (bytes < 1_000_000) return l10n.t('{0} KB', (bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0));
  if (bytes < 1_000_000_000) return l10n.t('{0} MB', (bytes / 1_000_000).toFixed(1));
  return l10n.t('{0} GB', (bytes / 1_000_000_000).toFixed(2));
}

/** The progress line: "10.5 MB of 20.0 MB (52%)", or just the bytes when the size is not known. */
export function progressText({ received, total }: ArtifactProgress): string {
  if (!total) return byteSize(received);
  return l10n.t('{0} of {1} ({2}%)', byteSize(received), byteSize(total), Math.floor((received / total) * 100));
}
