// Splits the raw request target into what the routes need. Every path segment and query value is
// decoded exactly once; the raw forms are kept for the request record.

const VERSION_PREFIX = '/v1';

export interface RequestTarget {
  rawUrl: string;
  /** After `/v1`, still encoded; the whole path when it is not under `/v1`. */
  rawPath: string;
  /** Decoded path segments after `/v1`, or undefined when the path is not under `/v1`. */
  segments?: string[];
  pathError?: string;
  query: Record<string, string>;
  queryError?: string;
}

function decodeOnce(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined; // malformed or not UTF-8, e.g. `%E0%A4` or `%zz`
  }
}

function parseQuery(rawQuery: string): Pick<RequestTarget, 'query' | 'queryError'> {
  const query: Record<string, string> = {};
  let queryError: string | undefined;
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawKey = equals < 0 ? pair : pair.slice(0, equals);
    const rawValue = equals < 0 ? '' : pair.slice(equals + 1);
    // Form style: `+` is a space in a query, so a literal plus must arrive as %2B.
    const key = decodeOnce(rawKey.replace(/\+/g, ' '));
    const value = decodeOnce(rawValue.replace(/\+/g, ' '));
    if (key === undefined || value === undefined) {
      queryError ??= `Malformed percent-encoding in query parameter "${rawKey}"`;
      query[key ?? rawKey] = value ?? rawValue;
    } else if (key in query) {
      queryError ??= `Query parameter "${key}" was given more than once`;
    } else {
      query[key] = value;
    }
  }
  return { query, queryError };
}

export function parseRequestTarget(rawUrl: string): RequestTarget {
  const questionMark = rawUrl.indexOf('?');
  const rawFullPath = questionMark < 0 ? rawUrl : rawUrl.slice(0, questionMark);
  const { query, queryError } = parseQuery(questionMark < 0 ? '' : rawUrl.slice(questionMark + 1));
  const underVersion = rawFullPath.startsWith(`${VERSION_PREFIX}/`);
  if (!underVersion) return { rawUrl, rawPath: rawFullPath, query, queryError };
  const rawPath = rawFullPath.slice(VERSION_PREFIX.length);
  // Split before decoding, so an id holding `%2F` stays one segment (and then names no object).
  const rawSegments = rawPath.split('/').slice(1);
  const decoded = rawSegments.map(decodeOnce);
  const pathError = decoded.includes(undefined) ? 'Malformed percent-encoding in the path' : undefined;
  const segments = decoded.map((segment, index) => segment ?? rawSegments[index]);
  return { rawUrl, rawPath, segments, pathError, query, queryError };
}
