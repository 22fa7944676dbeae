import { ApiError } from './errors';

export type QueryValue = string | number | boolean | undefined;

/**
 * Joins path segments, each percent-encoded, e.g. `apps/<id>/builds`. Ids go through the same
 * encoding as parameters (the spec asks for it), so an odd id can never change which route is hit.
 */
export function apiPath(...segments: string[]): string {
  if (segments.includes('')) throw new ApiError('bad-request', 'An app or build id is empty; nothing was sent.');
  return segments.map((segment) => `/${encodeValue(segment, 'id')}`).join('');
}

/** `?a=1&b=x` with every value percent-encoded; undefined values are left out. */
export function queryString(parameters: Record<string, QueryValue>): string {
  const pairs = Object.entries(parameters)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeValue(String(value), name)}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

// With the u flag a surrogate pair is one code point, so this matches only unpaired halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * encodeURIComponent, with a clear error instead of its URIError for a lone UTF-16 surrogate: such a
 * string has no UTF-8 form, so no request could carry it (and a Git branch name cannot contain it).
 * An apostrophe is encoded too (%27): encodeURIComponent leaves it, and the URL parser the transport
 * hands the address to (WHATWG's) would encode it in a query but not in a path, so a value would go
 * out in two spellings; this way what is built here is what is sent, in either place.
 */
export function encodeValue(value: string, what: string): string {
  if (LONE_SURROGATE.test(value)) {
    throw new ApiError(
      'bad-request',
      `The ${what} contains a character that cannot be sent (an unpaired UTF-16 surrogate); nothing was sent.`,
    );
  }
  return encodeURIComponent(value).replaceAll("'", '%27');
}
