import * as l10n from '@vscode/l10n';
import { InvalidBaseUrlError } from '../errors';

/** Without a trailing slash, ready for `${base}/apps`; throws InvalidBaseUrlError naming what is wrong. */
export function parseBaseUrl(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new InvalidBaseUrlError(l10n.t('it is empty.'));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidBaseUrlError(l10n.t('"{0}" is not an address (expected e.g. https://api.example.com/v1).', text));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidBaseUrlError(l10n.t('it must start with https:// or http://, not {0}//.', url.protocol));
  }
  // Credentials in the address would be sent on every request and shown in logs; the token is the only credential.
  if (url.username !== '' || url.password !== '') {
    throw new InvalidBaseUrlError(l10n.t('it must not contain a user name or password.'));
  }
  if (url.search !== '' || url.hash !== '') {
    throw new InvalidBaseUrlError(l10n.t('it must not contain a query (?…) or fragment (#…).'));
  }
  const path = url.pathname.replace(/\/$/, '');
  if (!path.endsWith('/v1')) {
    throw new InvalidBaseUrlError(l10n.t('it must end in the API version segment /v1 (e.g. {0}/v1).', url.origin));
  }
  return `${url.origin}${path}`;
}
