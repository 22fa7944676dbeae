// A build's artifact as a stream: through the client's route (proxy, certificates, idle timeouts),
// the token only to the service's own origin. Redirects are followed here, one hop at a
// time, so that rule, and where a hop may go (downloadGuard.ts), is decided again for every address.
import type { Readable } from 'node:stream';
import { ApiError } from '../errors';
import { describeNetworkFailure } from '../transport/networkErrors';
import { dispositionName, firstHeader, smallText } from './downloadAnswer';
import { type AddressRange, checkHop, DownloadRefusedError, serviceRangesOf } from '../transport/downloadGuard';
import { discard, type Route, type RouteResponse } from '../transport/route';
import { errorForStatus } from '../statusErrors';

export interface OpenedDownload {
  /** Where the bytes come from, after redirects. */
  url: string;
  /** The Content-Length, when the server sent one. */
  size?: number;
  /** The file name the server suggested (Content-Disposition), untrusted: core/artifacts/fileName.ts makes it safe. */
  suggestedName?: string;
  /** The answer's status and headers: a ranged request reads its Content-Range (artifactSize.ts). */
  status: number;
  headers: RouteResponse['headers'];
  body: Readable;
}

/** One address asked on the way to the bytes, for the log: which got the token and which did not. */
export interface DownloadHop {
  url: string;
  withToken: boolean;
}

export interface DownloadConfig {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  token: () => Promise<string>;
  route: () => Promise<Route>;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onHop?: (hop: DownloadHop) => void;
  /** More request headers (a Range), sent on every hop. */
  headers?: Record<string, string>;
}

/** An http:// link given by an https:// service: refused like a redirect down to http://, before any byte is asked. */
export class UnencryptedLinkError extends DownloadRefusedError {
  constructor(host: string) {
    super('downgrade', host, `The link leads to http://${host} while the service uses https://; it would be unencrypted, refused.`);
  }
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The link as a URL, or a bad-request ApiError: only http(s) links are downloaded. */
export function downloadUrl(text: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol === 'http:' || url?.protocol === 'https:') return url;
  const scheme = url ? url.protocol : 'not an address';
  throw new ApiError('bad-request', `Only http:// and https:// links are downloaded; this link (${scheme}) was refused.`, {
    problem: scheme,
  });
}

/**
 * A link for the log and for errors (which get logged): a signed download address carries its credential
 * in the query, which is left out with the fragment and any user name. Every download or link URL we log goes through here.
 */
export function loggableUrl(link: string | URL): string {
  try {
    const { origin, pathname, search } = new URL(link);
    return `${origin}${pathname}${search ? '?…' : ''}`;
  } catch {
    return '(not an address)';
  }
}

/** Scheme, host and port as the URL standard compares them (default ports and letter case normalised). */
export function isServiceOrigin(url: string | URL, baseUrl: string): boolean {
  return new URL(url).origin === new URL(baseUrl).origin;
}

export async function openDownload(config: DownloadConfig, link: string, options: DownloadOptions = {}): Promise<OpenedDownload> {
  let url = downloadUrl(link);
  // The link itself is data from the service: it may not step down from the service's https either.
  if (new URL(config.baseUrl).protocol === 'https:' && url.protocol === 'http:') throw new UnencryptedLinkError(url.host);
  let previous: URL | undefined;
  let ranges: Promise<Set<AddressRange>> | undefined;
  const serviceRanges = () => (ranges ??= serviceRangesOf(config.baseUrl));
  const route = await config.route();
  for (let hop = 0; ; hop++) {
    const withToken = isServiceOrigin(url, config.baseUrl);
    // The service's own origin is where the user pointed the extension; every other address is checked.
    // VS Code's fetch resolves and connects by itself, so a name not checkable here is not asked over plain http://.
    await checkHop(previous, url, withToken ? undefined : serviceRanges, route.chooser === 'vscode' && url.protocol === 'http:');
    const token = withToken ? await config.token() : undefined;
    // The bytes as the server holds them: fetch would inflate a gzip-encoded answer (an .apk, a .tar.gz) otherwise.
    const headers: Record<string, string> = {
      ...options.headers,
      accept: '*/*',
      'accept-encoding': 'identity',
      'user-agent': config.userAgent,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    options.onHop?.({ url: url.href, withToken });
    let response: RouteResponse;
    try {
      response = await route.send({ origin: url.origin, path: url.pathname + url.search, method: 'GET', headers, signal: options.signal });
    } catch (error) {
      throw downloadFailure(error, url, options.signal, config.timeoutMs, route);
    }
    const { status } = response;
    if (REDIRECTS.has(status)) {
      discard(response.body);
      const location = firstHeader(response.headers.location);
      if (!location || hop >= MAX_REDIRECTS) {
        const logged = loggableUrl(url);
        throw new ApiError('invalid-response', `The download of ${logged} was redirected ${location ? 'too often' : 'nowhere'}.`, {
          status,
          url: logged,
        });
      }
      previous = url;
      url = downloadUrl(new URL(location, url).href);
      continue;
    }
    if (status >= 200 && status < 300) {
      const length = Number(firstHeader(response.headers['content-length']));
      return {
        url: url.href,
        size: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
        suggestedName: dispositionName(firstHeader(response.headers['content-disposition'])),
        status,
        headers: response.headers,
        body: response.body,
      };
    }
    const text = await smallText(response.body);
    if (token) throw errorForStatus({ status, text, method: 'GET', url: loggableUrl(url), token });
    const kind = status === 404 ? 'not-found' : status >= 500 ? 'server-error' : 'bad-request';
    throw new ApiError(kind, `The download server ${url.host} answered ${status}.`, { status, url: loggableUrl(url) });
  }
}

/** A failure while connecting or while the bytes arrive, in the download's own words. */
export function downloadFailure(
  error: unknown,
  url: URL,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  route?: Pick<Route, 'proxy' | 'chooser'>,
): ApiError {
  const where = { method: 'GET', url: loggableUrl(url), cause: error };
  if (error instanceof ApiError) return error;
  if (signal?.aborted) return new ApiError('cancelled', 'The download was cancelled.', where);
  const special = describeNetworkFailure(error, where, route);
  if (special) return special;
  const code = codeOf(error);
  const seconds = Math.round(timeoutMs / 100) / 10;
  if (code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new ApiError('timeout', `${url.host} sent nothing for ${seconds} s.`, { ...where, code });
  }
  const detail = error instanceof Error ? `: ${error.message}` : '';
  return new ApiError('network', `The connection to ${url.host} failed${detail}.`, { ...where, code });
}

function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
