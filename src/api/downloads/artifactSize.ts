// An artifact's size without its bytes: a GET of the first byte (`Range: bytes=0-0`), whose Content-Range
// names the whole length, through openDownload's guards (no token on a foreign origin, no https→http, no
// private address). One request, GET only: a signed link is often signed for GET alone, so HEAD would fail.
import { type DownloadConfig, openDownload } from './download';

/** Larger than any artifact a phone installs (1 TB): a larger length is a lie, read "unknown". */
export const ARTIFACT_SIZE_MAX = 1e12;

/**
 * The whole length a Content-Range of our first-byte request names: `bytes 0-0/12345`. Anything else
 * (another range, `*`, a sign, an exponent, trailing letters, a length over ARTIFACT_SIZE_MAX) is undefined.
 */
export function contentRangeSize(header: string | undefined): number | undefined {
  // 13 digits hold ARTIFACT_SIZE_MAX; a longer run of digits is not parsed at all.
  const match = /^\s*bytes\s+0-(\d{1,13})\/(\d{1,13})\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const [end, total] = [Number(match[1]), Number(match[2])];
  // We asked for byte 0 only; a server may send less than asked, never past the end.
  if (total < 1 || total > ARTIFACT_SIZE_MAX || end >= total) return undefined;
  return total;
}

/**
 * The size of the artifact behind `link`, or undefined when the server will not tell (it ignored the
 * range and began to send the whole file: cut off at once, never downloaded). Rejects as openDownload does
 * (refused link, 404, network).
 */
export async function askArtifactSize(config: DownloadConfig, link: string, signal?: AbortSignal): Promise<number | undefined> {
  // Ours aborts the request once the headers are read: on VS Code's route that is what stops the body.
  const own = new AbortController();
  const stop = () => own.abort();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    // identity: a compressed answer's Content-Range would count the compressed bytes.
    const opened = await openDownload(config, link, {
      signal: own.signal,
      headers: { range: 'bytes=0-0', 'accept-encoding': 'identity' },
    });
    opened.body.on('error', () => undefined);
    opened.body.destroy();
    // Two Content-Ranges are joined as VS Code's fetch joins them, which no length reads: which one is true?
    const range = opened.headers['content-range'];
    return opened.status === 206 ? contentRangeSize(Array.isArray(range) ? range.join(', ') : range) : undefined;
  } finally {
    signal?.removeEventListener('abort', stop);
    own.abort();
  }
}
