import { Deadline } from '../transport/deadline';
import { ApiError, cancelled } from '../errors';
import { jsonShapeProblem, MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from '../parsing/jsonDepth';
import { cutList } from '../parsing/listCut';
import { type RetryOptions, backoffDelayMs, isRetryable, parseRetryAfter, sleep } from './retry';
import { errorForStatus } from '../statusErrors';
import type { HttpRequest, HttpResponse, Transport } from '../transport/transport';
import { deadlineFailure } from '../transport/transportFailure';

/** One attempt, as the extension's log shows it. Never holds the token. */
export interface RequestReport {
  method: string;
  /** Below the base address, percent-encoded as sent. */
  path: string;
  attempt: number;
  status?: number;
  durationMs: number;
  error?: ApiError;
}

export interface RequesterConfig {
  baseUrl: string;
  getToken: () => Promise<string | undefined>;
  userAgent: string;
  retry: RetryOptions;
  /** The most one call may take, retries included (deadline.ts). */
  deadlineMs: number;
  transport: Transport;
  onRequest?: (report: RequestReport) => void;
}

export interface ApiCall {
  method: 'GET' | 'POST';
  /** Already encoded, see urls.ts. */
  path: string;
  json?: unknown;
  signal?: AbortSignal;
  /** The answer's list under this top-level key is cut to `max` items before it is parsed (listCut.ts). */
  list?: { key: string; max: number };
}

/** A 2xx answer; `body` is the parsed JSON, or undefined when the body was empty. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** With `list`: the items the answer's list held, before the cut. */
  listed?: number;
}

// A bearer token is printable ASCII without spaces; anything else (a pasted line break) would be
// rejected by the HTTP stack with an error that could quote it, so it is refused before sending.
const SENDABLE_TOKEN = /^[\x21-\x7E]+$/;

export class Requester {
  constructor(private readonly config: RequesterConfig) {}

  async call(call: ApiCall): Promise<ApiAnswer> {
    if (call.signal?.aborted) throw cancelled();
    const url = this.config.baseUrl + call.path;
    const timedOut = () => deadlineFailure({ method: call.method, url }, 'awaiting-response', this.config.deadlineMs);
    const deadline = new Deadline(this.config.deadlineMs, call.signal, timedOut);
    try {
      return await Promise.race([this.attempts(call, url, deadline), deadline.expired]);
    } catch (error) {
      // A wait or a token read cut short by the deadline rejects as cancelled; the deadline is the reason.
      throw deadline.passed && error instanceof ApiError && error.kind === 'cancelled' ? timedOut() : error;
    } finally {
      deadline.end();
    }
  }

  private async attempts(call: ApiCall, url: string, deadline: Deadline): Promise<ApiAnswer> {
    const { signal } = deadline;
    const token = await this.readToken();
    if (signal.aborted) throw cancelled();
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'user-agent': this.config.userAgent,
    };
    if (call.json !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
    const body = call.json === undefined ? undefined : JSON.stringify(call.json);
    const request: HttpRequest = { method: call.method, url, headers, body, signal };
    const { attempts, maxRetryAfterMs, baseDelayMs } = this.config.retry;

    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attemptOnce(call, request, token, attempt);
      if (!(outcome instanceof ApiError)) return outcome;
      if (attempt >= attempts || !isRetryable(call.method, outcome)) throw outcome;
      // Waiting longer than the cap would leave the user staring at a spinner; fail and say when to retry.
      const asked = outcome.retryAfterMs;
      if (asked !== undefined && asked > maxRetryAfterMs) throw outcome;
      const wait = asked ?? backoffDelayMs(attempt - 1, baseDelayMs);
      // No retry that the deadline would cut short: this failure says more than a timeout would.
      if (Date.now() + wait >= deadline.endsAt) throw outcome;
      await sleep(wait, signal);
    }
  }

  /** One exchange: the answer on success, the failure (not thrown) when another attempt might help. */
  private async attemptOnce(call: ApiCall, request: HttpRequest, token: string, attempt: number): Promise<ApiAnswer | ApiError> {
    const started = Date.now();
    let response: HttpResponse;
    try {
      response = await this.config.transport.send(request);
    } catch (error) {
      const failure = asApiError(error);
      this.report(call, attempt, started, { error: failure });
      return failure;
    }
    const { status } = response;
    if (status >= 200 && status < 300) {
      this.report(call, attempt, started, { status });
      const cut = call.list && cutList(response.text, call.list.key, call.list.max);
      return { status, body: decodeJson(cut?.text ?? response.text, status, request), listed: cut?.listed };
    }
    const failure = errorForStatus({
      status,
      text: response.text,
      retryAfterMs: parseRetryAfter(response.headers['retry-after']),
      method: request.method,
      url: request.url,
      token,
    });
    this.report(call, attempt, started, { status, error: failure });
    return failure;
  }

  /** The token as a request would send it, or the ApiError saying why none can be sent. */
  async readToken(): Promise<string> {
    let raw: string | undefined;
    try {
      raw = await this.config.getToken();
    } catch (error) {
      if (error instanceof ApiError) throw error; // e.g. the user has not allowed an unencrypted address
      throw new ApiError('missing-token', 'The access token could not be read; nothing was sent.', { cause: error });
    }
    const token = raw?.trim() ?? '';
    if (token === '') {
      throw new ApiError('missing-token', 'No access token is set for the build service; nothing was sent.');
    }
    if (!SENDABLE_TOKEN.test(token)) {
      throw new ApiError(
        'unauthorized',
        'The access token contains a space, line break or other character that cannot be sent; set it again. Nothing was sent.',
      );
    }
    return token;
  }

  private report(call: ApiCall, attempt: number, started: number, outcome: { status?: number; error?: ApiError }): void {
    try {
      this.config.onRequest?.({ method: call.method, path: call.path, attempt, ...outcome, durationMs: Date.now() - started });
    } catch {
      // A failing log listener must not fail the request it describes.
    }
  }
}

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('network', 'The request to the build service failed unexpectedly.', { cause: error });
}

function decodeJson(text: string, status: number, request: HttpRequest): unknown {
  if (text.trim() === '') return undefined;
  const problem = jsonShapeProblem(text);
  if (problem) {
    throw new ApiError(
      'invalid-response',
      problem === 'too-deep'
        ? `The build service sent JSON nested deeper than ${MAX_JSON_DEPTH} levels (${status}); it was not read.`
        : `The build service sent JSON of more than ${MAX_JSON_CONTAINERS.toLocaleString('en-US')} arrays and objects (${status}); it was not read.`,
      {
        status,
        method: request.method,
        url: request.url,
      },
    );
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ApiError('invalid-response', `The build service sent an answer that is not valid JSON (${status}).`, {
      status,
      method: request.method,
      url: request.url,
      cause,
    });
  }
}
