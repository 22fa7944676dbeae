// The build service's API client: import from here.
export { parseBaseUrl } from './baseUrl';
export * from './client';
export * from './errors';
export type * from './models';
export type { RequestReport } from './requester';
export type { RetryOptions } from './retry';
export type { NetworkOptions, ProxyOptions } from './network';
