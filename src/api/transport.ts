import type { Dispatcher } from 'undici';
import { type BuiltDispatcher, buildDispatcher } from './dispatcher';
import { ApiError } from './errors';
import type { NetworkOptions } from './network';
import { describeNetworkFailure } from './networkErrors';
import { connectionFailure, type FailureStage } from './transportFailure';

export { ConnectionFailure, type FailureStage } from './transportFailure';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body decoded as UTF-8 (a byte-order mark is dropped, invalid bytes become U+FFFD). */
  text: string;
}

export interface TransportOptions {
  timeoutMs: number;
  /** The service's address: without TLS anywhere on the way, no certificates need loading. */
  baseUrl: string;
  maxResponseBytes: number;
  network?: NetworkOptions;
  /** Told once, when the first request builds the dispatcher: how requests leave, for the log. */
  onNetworkReady?: (description: string) => void;
}

type RequestOnDispatcher = typeof import('undici/lib/api/api-request');
type Loaded = { dispatcher: Dispatcher; request: RequestOnDispatcher };

/** One keep-alive dispatcher for all requests of a client. undici loads on the first request, not before. */
export class Transport {
  private loading?: Promise<Loaded>;
  private loaded?: Loaded;
  private built?: BuiltDispatcher;
  private closed = false;

  constructor(private readonly options: TransportOptions) {}

  async send(request: HttpRequest): Promise<HttpResponse> {
    if (this.closed) throw clientClosed();
    const { dispatcher, request: undiciRequest } = this.loaded ?? (await this.load());
    if (this.closed) throw clientClosed();
    let response: Dispatcher.ResponseData;
    try {
      const { origin, pathname, search } = new URL(request.url);
      response = await undiciRequest.call(dispatcher, {
        origin,
        path: pathname + search,
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
    } catch (error) {
      throw this.describeFailure(error, request, 'awaiting-response');
    }
    try {
      const text = await this.readBody(response);
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      throw this.describeFailure(error, request, 'reading-body');
    }
  }

  /** Ends every connection; requests still running fail as cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    const loaded = await this.loading?.catch(() => undefined);
    await loaded?.dispatcher.destroy();
  }

  // undici checks the headers and body timeouts on a clock of about one second: fine for 30 s.
  // Only the parts of undici used: the Agent, the proxy agent and request(); its index would load
  // every other part too (esbuild.mjs). A bad proxy address fails every request of this client with
  // the same message; a new client (after a settings change) tries again.
  private load(): Promise<Loaded> {
    this.loading ??= Promise.all([
      import('undici/lib/dispatcher/agent'),
      import('undici/lib/dispatcher/env-http-proxy-agent'),
      import('undici/lib/api/api-request'),
      import('undici/lib/dispatcher/dispatcher'),
      import('undici/lib/api/api-connect'),
    ]).then(
      async ([
        { default: Agent },
        { default: EnvHttpProxyAgent },
        { default: request },
        { default: DispatcherBase },
        { default: connect },
      ]) => {
        // The proxy agent opens its CONNECT tunnels with dispatcher.connect(), which undici's index adds to
        // Dispatcher.prototype; loading the parts instead of the index, we add it the same way.
        DispatcherBase.prototype.connect ??= connect;
        this.built = await buildDispatcher({ Agent, EnvHttpProxyAgent }, this.options);
        this.options.onNetworkReady?.(this.built.description);
        this.loaded = { dispatcher: this.built.dispatcher, request };
        return this.loaded;
      },
    );
    return this.loading;
  }

  /**
   * The body as text, never more than the cap. With a Content-Length the HTTP parser holds the body to
   * it, so undici reads it in one go (UTF-8, byte-order mark dropped); without one (chunked) the body
   * is counted as it streams, so a runaway answer is cut off at the cap instead of filling memory.
   */
  private async readBody(response: Dispatcher.ResponseData): Promise<string> {
    const cap = this.options.maxResponseBytes;
    const declared = Number(response.headers['content-length']);
    if (declared > cap) {
      response.body.destroy();
      throw tooLarge(cap);
    }
    if (declared >= 0) return response.body.text();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) {
        response.body.destroy();
        throw tooLarge(cap);
      }
      chunks.push(chunk);
    }
    return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  }

  private describeFailure(error: unknown, request: HttpRequest, stage: FailureStage): ApiError {
    const where = { method: request.method, url: request.url, cause: error };
    // The caller's abort and our own close() surface as assorted undici errors; the cause is what matters.
    if (request.signal?.aborted) return new ApiError('cancelled', 'The request was cancelled.', where);
    if (this.closed) return clientClosed();
    if (error instanceof ApiError) return error;
    const special = describeNetworkFailure(error, where, this.built?.proxy);
    if (special) return special;
    return connectionFailure(error, where, stage, this.options.timeoutMs);
  }
}

function tooLarge(cap: number): ApiError {
  const size = cap >= 1024 * 1024 ? `${Math.round((cap / 1024 / 1024) * 10) / 10} MiB` : `${Math.ceil(cap / 1024)} KiB`;
  return new ApiError(
    'invalid-response',
    `The build service's answer is larger than the ${size} this extension accepts; it was not read further.`,
  );
}

function clientClosed(): ApiError {
  return new ApiError('cancelled', 'The request was cancelled because the build-service client was closed.');
}
