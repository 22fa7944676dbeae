import type { Readable } from 'node:stream';
import { ApiError } from '../errors';
import type { NetworkOptions } from './network';
import { describeNetworkFailure } from './networkErrors';
import { extraCertificatesFile, ownRouteReason } from './networkRoute';
import { vscodeFirst } from './vscodeFirst';
import { discard, type Route, type RouteResponse } from './route';
import { vscodeRoute } from './vscodeRoute';
import { DeadlinePassed } from './deadline';
import { connectionFailure, deadlineFailure, type FailureStage } from './transportFailure';

export { ConnectionFailure, type FailureStage } from './transportFailure';

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** The base address and a path below it (urls.ts), sent as is. */
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
  onNetworkReady?: (description: string) => void;
}

/** One route for all requests of a client (networkRoute.ts). Our own undici loads only if that route is ours. */
export class Transport {
  private loading?: Promise<Route>;
  private built?: Route;
  private closed = false;
  // Every request goes below the base address, so its origin is worked out once, not parsed from each URL.
  private readonly origin: string;

  constructor(private readonly options: TransportOptions) {
    this.origin = new URL(options.baseUrl).origin;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    if (this.closed) throw clientClosed();
    const route = this.built ?? (await this.load());
    if (this.closed) throw clientClosed();
    let response: RouteResponse;
    try {
      const { method, headers, body, signal } = request;
      response = await route.send({ origin: this.origin, path: request.url.slice(this.origin.length), method, headers, body, signal });
    } catch (error) {
      throw this.describeFailure(error, request, 'awaiting-response');
    }
    try {
      const text = await this.readBody(response);
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      throw this.describeFailure(error, request, 'reading-body');
    }
  }

  /** The same route (proxy, certificates, timeouts) for a request the caller streams itself, e.g. a download. */
  async route(): Promise<Route> {
    if (this.closed) throw clientClosed();
    return this.built ?? (await this.load());
  }

  async close(): Promise<void> {
    this.closed = true;
    const built = await this.loading?.catch(() => undefined);
    await built?.close();
  }

  // A bad proxy address fails every request of this client with the same message; a new client tries again.
  private load(): Promise<Route> {
    this.loading ??= this.choose().then((route) => {
      this.built = route;
      this.options.onNetworkReady?.(route.description);
      return route;
    });
    return this.loading;
  }

  private async choose(): Promise<Route> {
    const { baseUrl, timeoutMs, network = {} } = this.options;
    const reason = ownRouteReason(baseUrl, network);
    if (reason) return this.ownRoute(reason);
    const extra = extraCertificatesFile(network);
    if (!extra) return vscodeRoute(timeoutMs);
    const vscode = vscodeRoute(timeoutMs);
    const route = vscodeFirst(
      { ...vscode, description: `${vscode.description}; our own route if only NODE_EXTRA_CA_CERTS trusts a certificate` },
      () => this.ownRoute(`its certificate was not trusted there, and NODE_EXTRA_CA_CERTS (${extra}) may hold its authority`),
      (moved) => this.options.onNetworkReady?.(moved.description),
    );
    return route;
  }

  private async ownRoute(reason: string): Promise<Route> {
    const [{ ownRoute }, undici] = await Promise.all([import('./dispatcher'), import('undici')]);
    const route = await ownRoute(undici, this.options);
    return { ...route, description: `${route.description} (not VS Code's network: ${reason})` };
  }

  // Counted as it streams (a Content-Length above the cap is refused before), so a runaway answer is
  // cut off at the cap instead of filling memory.
  private async readBody(response: RouteResponse): Promise<string> {
    const cap = this.options.maxResponseBytes;
    const declared = Number(response.headers['content-length']);
    if (declared > cap) {
      discard(response.body);
      throw tooLarge(cap);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as Readable & AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) {
        discard(response.body);
        throw tooLarge(cap);
      }
      chunks.push(chunk);
    }
    return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  }

  private describeFailure(error: unknown, request: HttpRequest, stage: FailureStage): ApiError {
    const where = { method: request.method, url: request.url, cause: error };
    // The caller's abort, the deadline and our own close() surface as assorted undici errors; the cause is what matters.
    if (request.signal?.reason instanceof DeadlinePassed) return deadlineFailure(where, stage, this.options.timeoutMs);
    if (request.signal?.aborted) return new ApiError('cancelled', 'The request was cancelled.', where);
    if (this.closed) return clientClosed();
    if (error instanceof ApiError) return error;
    const special = describeNetworkFailure(error, where, this.built);
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
