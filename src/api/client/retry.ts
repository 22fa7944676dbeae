import { type ApiError, cancelled } from '../errors';
import { ConnectionFailure } from '../transport/transportFailure';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The backoff before retry n (from 0) is a random delay in [0, baseDelayMs * 2^n) ("full jitter"). */
  baseDelayMs: number;
  /** The longest Retry-After the client waits for; a longer one fails at once with `unavailable`. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 3, baseDelayMs: 300, maxRetryAfterMs: 5_000 };

// A POST is repeated only when the connection was refused (the service cannot have seen it): after any
// later failure the build may already be triggered, and a second build is worse than an error.
export function isRetryable(method: string, error: ApiError): boolean {
  if (method !== 'GET') return error instanceof ConnectionFailure && error.code === 'ECONNREFUSED';
  if (error.status !== undefined) return error.status === 503 || error.status === 504;
  return error instanceof ConnectionFailure && error.stage !== 'reading-body' && error.code !== 'ENOTFOUND';
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // All three HTTP date formats start with a day name; Date.parse alone would read "-5" as a year.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffDelayMs(retryIndex: number, baseDelayMs: number, random = Math.random): number {
  return Math.floor(random() * baseDelayMs * 2 ** retryIndex);
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
