export { BuildServiceClient } from './client';
export { parseBaseUrl } from './baseUrl';
export { functionRan, listedOf, TESTS_MAX } from './parseResults';
export * from './errors';
export type * from './models';
export type { BuildServiceClientOptions, Cancellable } from './client';
export type { RequestReport } from './requester';
export type { RetryOptions } from './retry';
export type { NetworkOptions, ProxyOptions } from './network';
