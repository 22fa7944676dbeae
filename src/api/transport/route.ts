// How a request leaves this computer, whichever way was chosen (networkRoute.ts): VS Code's own fetch
// (vscodeRoute.ts) or the client's own undici dispatcher (dispatcher.ts). Both answer alike, so the
// transport, the downloads and the error messages do not care which one carried a request.
import type { Readable } from 'node:stream';
import type { ResolvedProxy } from './network';

export interface RouteRequest {
  origin: string;
  /** Path and query, sent as they are (a segment `..` stays one: urls.ts). */
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface RouteResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export interface Route {
  /** Redirects are never followed: the caller decides where a token may go next. */
  send(request: RouteRequest): Promise<RouteResponse>;
  /** Who chose the proxy: VS Code (for the address asked), or this client from the settings and environment. */
  chooser: 'vscode' | 'own';
  /** The proxy this client chose; undefined when the connection is direct or VS Code chose. */
  proxy?: ResolvedProxy;
  /** One line for the log: how requests leave (never a credential). */
  description: string;
  close(): Promise<void>;
}

/** Drops a body not to be read; an undici body destroyed unread would otherwise raise an unhandled AbortError. */
export function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}
