import { InvalidBaseUrlError } from './errors';

/**
 * Checks the `buildService.baseUrl` setting and returns it without a trailing slash, ready for
 * `${base}/apps`. Throws InvalidBaseUrlError naming what is wrong.
 */
export function parseBaseUrl(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new InvalidBaseUrlError('it is empty.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidBaseUrlError(`"${text}" is not an address (expected e.g. https://api.example.com/v1).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidBaseUrlError(`it must start with https:// or http://, not ${url.protocol}//.`);
  }
  // Credentials in the address would be sent on every request and shown in logs; the token is the only credential.
  if (url.username !== '' || url.password !== '') {
    throw new InvalidBaseUrlError('it must not contain a user name or password.');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new InvalidBaseUrlError('it must not contain a query (?…) or fragment (#…).');
  }
  const path = url.pathname.replace(/\/$/, '');
  if (!path.endsWith('/v1')) {
    throw new InvalidBaseUrlError(`it must end in the API version segment /v1 (e.g. ${url.origin}/v1).`);
  }
  return `${url.origin}${path}`;
}
