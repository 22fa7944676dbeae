// Why a download ended without a file, in words for people; the cause stays attached for the log.
import * as l10n from '@vscode/l10n';
import { downloadFailure, downloadUrl } from '../../api/downloads/download';
import { DownloadRefusedError } from '../../api/transport/downloadGuard';
import { UnsafeFolder } from './artifactFolder';
import { byteSize } from './downloadText';
import { refusedHopReason, unsafeFolderReason } from './refusalText';

export type DownloadFailureKind =
  | 'cancelled'
  | 'cut'
  | 'stalled'
  /** A link, a redirect or its address that a download does not follow. */
  | 'refused'
  /** A destination that is or passes through a symbolic link, or leads out of the folder chosen. */
  | 'folder'
  /** Larger than buildService.downloadSizeLimitMB. */
  | 'too-large'
  | 'answer'
  | 'unreachable'
  | 'disk';

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

export function failureOf(
  error: unknown,
  request: { url: string; timeoutMs: number; signal?: AbortSignal },
  received: number,
  total?: number,
  from = request.url,
): DownloadFailed {
  if (error instanceof DownloadFailed) return error;
  if (error instanceof UnsafeFolder) return new DownloadFailed('folder', unsafeFolderReason(error), received, error);
  if (error instanceof DownloadRefusedError) return new DownloadFailed('refused', refusedHopReason(error), received, error);
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

export function cutReason(received: number, total: number | undefined): string {
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
