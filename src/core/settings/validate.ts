import * as l10n from '@vscode/l10n';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export function checkWebAddress(raw: unknown): Checked<string> {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: '' };
  if (typeof raw !== 'string') return { ok: false, problem: l10n.t('it must be a text value') };
  const text = raw.trim();
  if (text === '') return { ok: true, value: '' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: l10n.t('"{0}" is not a web address', text) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: l10n.t('only http:// and https:// addresses can be opened') };
  }
  // Credentials in a link would end up in the browser's history and the log.
  if (url.username || url.password) return { ok: false, problem: l10n.t('the address must not contain a user name or password') };
  return { ok: true, value: url.href.replace(/\/+$/, '') };
}

export const TIMEOUT_DEFAULT_SECONDS = 30;
export const TIMEOUT_MIN_SECONDS = 1;
export const TIMEOUT_MAX_SECONDS = 300;

/** settings.json can hold anything, whatever the schema says; the default is used when it is off. */
export function checkTimeoutSeconds(raw: unknown): Checked<number> {
  if (raw === undefined || raw === null) return { ok: true, value: TIMEOUT_DEFAULT_SECONDS };
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { ok: false, problem: l10n.t('it must be a number of seconds') };
  if (raw < TIMEOUT_MIN_SECONDS || raw > TIMEOUT_MAX_SECONDS) {
    return { ok: false, problem: l10n.t('it must be between {0} and {1} seconds', TIMEOUT_MIN_SECONDS, TIMEOUT_MAX_SECONDS) };
  }
  return { ok: true, value: raw };
}
