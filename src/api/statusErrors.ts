import { ApiError, type ApiErrorKind } from './errors';

const MAX_SERVER_MESSAGE_LENGTH = 500;

export interface FailedAnswer {
  status: number;
  /** The raw body; JSON `{"error": "…"}` when the service had detail, anything at all behind a proxy. */
  text: string;
  retryAfterMs?: number;
  method: string;
  url: string;
  /** Removed from the server's message, in case a service echoes it back: errors get logged and shown. */
  token: string;
}

// The status alone decides the kind, so a proxy's HTML page still gives the right one. 502 is what a
// proxy says while the service restarts, so it is `unavailable` too, though only 503/504 are retried.
export function errorForStatus(answer: FailedAnswer): ApiError {
  const { status } = answer;
  const serverMessage = readServerMessage(answer.text, answer.token);
  const [kind, lead] = describeStatus(status);
  const detail = serverMessage === undefined ? '' : `: ${serverMessage.replace(/\.$/, '')}`;
  const advice = kind === 'unavailable' ? ' Try again later; the service status page may tell more.' : '';
  return new ApiError(kind, `${lead} (${status})${detail}.${advice}`, {
    status,
    serverMessage,
    retryAfterMs: answer.retryAfterMs,
    method: answer.method,
    url: answer.url,
  });
}

function describeStatus(status: number): [ApiErrorKind, string] {
  if (status === 400) return ['bad-request', 'The build service found a parameter missing or malformed'];
  if (status === 401) return ['unauthorized', 'The build service did not accept the access token'];
  if (status === 403) return ['unauthorized', 'The access token is not allowed to do this'];
  if (status === 404) return ['not-found', 'The build service does not know this app, build or address'];
  if (status === 408) return ['timeout', 'The build service gave up waiting for the request'];
  if (status === 429) return ['unavailable', 'The build service is receiving too many requests'];
  if (status >= 400 && status < 500) return ['bad-request', 'The build service refused the request'];
  if (status === 502 || status === 503 || status === 504) return ['unavailable', 'The build service is temporarily unavailable'];
  if (status >= 500 && status < 600) return ['server-error', 'The build service had an internal error'];
  return ['invalid-response', 'The build service answered with an unexpected status'];
}

// Redacted before it is cut: a cut first could keep the start of a token that crossed the cut.
function readServerMessage(text: string, token: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error.trim() === '') return undefined;
  const trimmed = redact(error.trim(), token);
  return trimmed.length > MAX_SERVER_MESSAGE_LENGTH ? `${trimmed.slice(0, MAX_SERVER_MESSAGE_LENGTH)}…` : trimmed;
}

function redact(text: string, token: string): string {
  return token === '' ? text : text.split(token).join('[token]');
}
