/** Why a call to the build service failed, or could not be made; the extension picks its message and action from this. */
export type ApiErrorKind =
  | 'not-configured'
  /** buildService.baseUrl holds something that is not a service address; `problem` says what. */
  | 'invalid-setting'
  | 'missing-token'
  | 'unauthorized'
  | 'bad-request'
  | 'not-found'
  | 'server-error'
  | 'unavailable'
  | 'network'
  | 'proxy-auth'
  /** The service's TLS certificate is not trusted, expired or for another host; nothing was sent. */
  | 'certificate'
  /** An http:// address off this computer that the user has not (yet) allowed the token to go to. */
  | 'unencrypted'
  | 'timeout'
  | 'invalid-response'
  | 'cancelled';

export interface ApiErrorDetails {
  status?: number;
  /** The `error` string of the service's JSON body, when it gave one. */
  serverMessage?: string;
  /** How long the service asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  /** The request's method and full address (no token ever appears in either). */
  method?: string;
  url?: string;
  /** The low-level error code for connection failures, e.g. ECONNREFUSED, for the log. */
  code?: string;
  problem?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status?: number;
  readonly serverMessage?: string;
  readonly retryAfterMs?: number;
  readonly method?: string;
  readonly url?: string;
  readonly code?: string;
  readonly problem?: string;

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.method = details.method;
    this.url = details.url;
    this.code = details.code;
    this.problem = details.problem;
  }
}

export function cancelled(): ApiError {
  return new ApiError('cancelled', 'The request was cancelled.');
}

/** Whether a request ended because its caller cancelled it (not a failure to tell the user of). */
export function isCancellation(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'cancelled';
}

/** Not an ApiError: a configuration mistake found before any request, always fixed in the same setting. */
export class InvalidBaseUrlError extends Error {
  override readonly name = 'InvalidBaseUrlError';
  readonly setting = 'buildService.baseUrl';

  constructor(readonly reason: string) {
    super(`The setting buildService.baseUrl is not a valid build-service address: ${reason}`);
  }
}
