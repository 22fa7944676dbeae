import * as l10n from '@vscode/l10n';
import type { Checked } from './validate';

/** '' (not pinned) or an app id: 24 hexadecimal digits, as every id of the service (API.md). */
export function checkAppId(raw: unknown): Checked<string> {
  if (raw === undefined || raw === null) return { ok: true, value: '' };
  if (typeof raw !== 'string') return { ok: false, problem: l10n.t('it must be a text value') };
  const text = raw.trim();
  if (text === '') return { ok: true, value: '' };
  if (!/^[0-9a-f]{24}$/i.test(text)) {
    return { ok: false, problem: l10n.t('"{0}" is not an app ID (24 hexadecimal digits, as Copy App ID gives)', text.slice(0, 60)) };
  }
  // The service writes ids in lower case; compare them the same way.
  return { ok: true, value: text.toLowerCase() };
}
