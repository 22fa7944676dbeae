// The build service's API client as the rest of the extension sees it: errors, the address check and
// types only. Nothing here pulls in the HTTP stack: the client itself (client.ts with undici and the
// parsers) is a separate bundle, dist/api.js, loaded on the first request (services/apiLoader.ts).
export { parseBaseUrl } from './baseUrl';
export * from './errors';
export type * from './models';
export type { BuildServiceClientOptions, Cancellable } from './client';
export type { RequestReport } from './requester';
export type { RetryOptions } from './retry';
export type { NetworkOptions, ProxyOptions } from './network';

/** What callers may use of a client: its public methods (the class's private fields left out). */
export type BuildServiceClient = { [Method in keyof import('./client').BuildServiceClient]: import('./client').BuildServiceClient[Method] };
