import { ApiError } from '../errors';

export type QueryValue = string | number | boolean | undefined;

/** Each segment percent-encoded (as the spec asks), so an odd id can never change which route is hit. */
export function apiPath(...segments: string[]): string {
  if (segments.includes('')) throw new ApiError('bad-request', 'An app or build id is empty; nothing was sent.');
  return segments.map((segment) => `/${encodeValue(segment, 'id')}`).join('');
}

export function queryString(parameters: Record<string, QueryValue>): string {
  const pairs = Object.entries(parameters)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeValue(String(value), name)}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

// With the u flag a surrogate pair is one code point, so this matches only unpaired halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

// A clear error for a lone surrogate (no UTF-8 form, so no request could carry it). `'` is encoded
// too: the WHATWG URL parser would encode it in a query but not in a path.
export function encodeValue(value: string, what: string): string {
  if (LONE_SURROGATE.test(value)) {
    throw new ApiError(
      'bad-request',
      `The ${what} contains a character that cannot be sent (an unpaired UTF-16 surrogate); nothing was sent.`,
    );
  }
  return encodeURIComponent(value).replaceAll("'", '%27');
}
