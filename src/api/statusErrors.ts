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

// Redacted before it is cut: a cut first could keep the start of a token that crossed the cut. Invisible
// characters go first: the display rule (shownText, loggedText) takes them out anyway, which would join a
// token split by zero-width spaces back together in the notice, the log and a chat answer.
function readServerMessage(text: string, token: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string') return undefined;
  // Only as much of it as the cut can keep is made visible, so 32 MiB of zero-width spaces costs one scan.
  for (let wanted = 2 * (MAX_SERVER_MESSAGE_LENGTH + token.length); ; wanted *= 2) {
    const { start, whole } = visibleStart(error, wanted);
    const redacted = redact(whole ? start.trim() : start.trimStart(), token);
    if (whole && redacted === '') return undefined;
    // Longer than the cut by a token's length: a token cut at the end of `start` is not within the cut.
    if (whole || redacted.length > MAX_SERVER_MESSAGE_LENGTH + token.length) {
      return redacted.length > MAX_SERVER_MESSAGE_LENGTH ? `${redacted.slice(0, MAX_SERVER_MESSAGE_LENGTH)}…` : redacted;
    }
  }
}

/**
 * Control and format characters but line breaks and tabs, which the display rule turns into a space; a run
 * of them at most 4,096 at a time (one regex over 16 million overflowed V8's stack).
 */
const HIDDEN = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\p{Cf}]{1,4096}/uy;

/** The first `max` characters of `text` that are not HIDDEN; `whole` when nothing visible follows them. */
function visibleStart(text: string, max: number): { start: string; whole: boolean } {
  const parts: string[] = [];
  let length = 0;
  let at = 0;
  for (;;) {
    for (HIDDEN.lastIndex = at; HIDDEN.test(text);) at = HIDDEN.lastIndex;
    if (at >= text.length) return { start: parts.join(''), whole: true };
    if (length === max) return { start: parts.join(''), whole: false };
    let end = at + 1;
    while (end < text.length && end - at < max - length && !startsHidden(text, end)) end++;
    parts.push(text.slice(at, end));
    length += end - at;
    at = end;
  }
}

function startsHidden(text: string, at: number): boolean {
  HIDDEN.lastIndex = at;
  return HIDDEN.test(text);
}

function redact(text: string, token: string): string {
  return token === '' ? text : text.split(token).join('[token]');
}
