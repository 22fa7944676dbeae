export { BuildServiceClient } from './client/client';
export { parseBaseUrl } from './client/baseUrl';
export { functionRan } from './parsing/parseResults';
export * from './errors';
export type * from './models';
export type { BuildServiceClientOptions, Cancellable } from './client/client';
export type { RequestReport } from './client/requester';
export type { RetryOptions } from './client/retry';
export type { NetworkOptions, ProxyOptions } from './transport/network';
