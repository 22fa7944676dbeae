// Requests through the extension host's global fetch, which VS Code patches (since 1.96, on unless
// `http.fetchAdditionalSupport` is off) to take the proxy it resolves for each address (http.proxy,
// http.noProxy, the environment, the system's settings and PAC files), to log in to that proxy on a
// 407 (Kerberos, or the desktop's sign-in dialog), and to trust the certificates it trusts
// (http.systemCertificates). The deadline stays ours: the caller's signal, and a silence limit here.
import { Readable } from 'node:stream';
import { ApiError } from '../errors';
import type { Route, RouteResponse } from './route';

/** The error a silent connection ends with, coded as undici codes its own timeouts (transportFailure.ts). */
class Silence extends Error {
  constructor(readonly code: 'UND_ERR_HEADERS_TIMEOUT' | 'UND_ERR_BODY_TIMEOUT') {
    super(code === 'UND_ERR_HEADERS_TIMEOUT' ? 'no answer began in time' : 'the answer stopped arriving');
  }
}

// Taken once, when the extension activates (takeHostFetch): an extension that replaces globalThis.fetch
// later never sees a request of ours, nor the token in it.
let hostFetch: typeof fetch | undefined;

/** Keeps the host's fetch as it is now; called at activation, before any other extension's code could run in between. */
export function takeHostFetch(): void {
  hostFetch ??= typeof globalThis.fetch === 'function' ? globalThis.fetch : undefined;
}

/** Whether a fetch was there to take (VS Code patches it before extensions load). */
export function hasHostFetch(): boolean {
  return hostFetch !== undefined;
}

export function vscodeRoute(timeoutMs: number): Route {
  const closing = new AbortController();
  return {
    chooser: 'vscode',
    description:
      "through VS Code's network: the proxy VS Code chooses for the address (http.proxy, http.noProxy, the environment, the system, PAC) and the certificates it trusts (http.systemCertificates)",
    send: async ({ origin, path, method, headers, body, signal }) => {
      const url = sameWhenParsed(origin, path);
      if (!hostFetch) throw new ApiError('network', "VS Code's fetch was not there when the extension started; nothing was sent.");
      const silence = new AbortController();
      const signals = [closing.signal, silence.signal, ...(signal ? [signal] : [])];
      let timer = setTimeout(() => silence.abort(new Silence('UND_ERR_HEADERS_TIMEOUT')), timeoutMs);
      const quiet = () => {
        clearTimeout(timer);
        timer = setTimeout(() => silence.abort(new Silence('UND_ERR_BODY_TIMEOUT')), timeoutMs);
      };
      let response: Response;
      try {
        response = await hostFetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.any(signals) });
      } catch (error) {
        clearTimeout(timer);
        // The silence limit's own reason, not fetch's wrapping, so the message says which wait ran out.
        throw silence.signal.aborted ? silence.signal.reason : error;
      }
      quiet();
      return {
        status: response.status,
        headers: headerRecord(response.headers),
        body: watched(response, quiet, () => clearTimeout(timer)),
      };
    },
    close: () => {
      closing.abort();
      return Promise.resolve();
    },
  };
}

/** fetch parses the address, which would turn a segment `..` into a step up to another route: refused instead. */
function sameWhenParsed(origin: string, path: string): URL {
  const url = new URL(origin + path);
  if (url.pathname + url.search === path) return url;
  throw new ApiError('bad-request', `The address ${origin}${path} would be changed when sent (a "." or ".." segment); nothing was sent.`);
}

/**
 * fetch inflates a body sent with a Content-Encoding; its Content-Length then counts the compressed
 * bytes, not the ones read, so it is left out (a download is then not measured against it).
 */
function headerRecord(headers: Headers): RouteResponse['headers'] {
  const record: RouteResponse['headers'] = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  const encoding = record['content-encoding'];
  if (typeof encoding === 'string' && encoding.trim().toLowerCase() !== 'identity') delete record['content-length'];
  return record;
}

/**
 * The body as a Node stream; every chunk restarts the silence limit, and the end stops it. Destroyed
 * unread (route.ts discard), it cancels the answer at once: the connection is not held until the limit.
 */
function watched(response: Response, onChunk: () => void, onEnd: () => void): Readable {
  const source = response.body;
  if (!source) {
    onEnd();
    return Readable.from([]);
  }
  const reader = source.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => {
          if (done) {
            onEnd();
            this.push(null);
            return;
          }
          onChunk();
          this.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        },
        (error: unknown) => {
          onEnd();
          this.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
    destroy(error, callback) {
      onEnd();
      reader.cancel().catch(() => undefined);
      callback(error);
    },
  });
}
