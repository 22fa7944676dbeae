import * as l10n from '@vscode/l10n';
import type { Checked } from './validate';

/** The longest app id accepted; real ones are 1 to 26 characters (API.md 2b). */
export const APP_ID_MAX_LENGTH = 100;

/** The longest account label accepted before an app id (`label/id`). */
const PIN_LABEL_MAX = 60;

// Ids are usually 24 hex digits but not always (API.md 2b), so any word without spaces or invisible characters
// is taken; an app name pasted by mistake has spaces and is refused. An account's label may come first,
// before a slash (`staging/58a4…`), and may have spaces.
export function checkAppId(raw: unknown): Checked<string> {
  if (raw === undefined || raw === null) return { ok: true, value: '' };
  if (typeof raw !== 'string') return { ok: false, problem: l10n.t('it must be a text value') };
  const text = raw.trim();
  if (text === '') return { ok: true, value: '' };
  const slash = text.lastIndexOf('/');
  const label = slash > 0 ? text.slice(0, slash).trim() : '';
  const id = slash > 0 ? text.slice(slash + 1).trim() : text;
  const badLabel = label.length > PIN_LABEL_MAX || /[\p{Cc}\p{Cf}]/u.test(label);
  if (badLabel || id.length > APP_ID_MAX_LENGTH || !/^[^\s\p{Cc}\p{Cf}/]+$/u.test(id)) {
    return { ok: false, problem: l10n.t('"{0}" is not an app ID (one word without spaces, as Copy App ID gives it)', text.slice(0, 60)) };
  }
  // The service writes hexadecimal ids in lower case; one typed in upper case means the same app.
  const value = /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : id;
  return { ok: true, value: label ? `${label}/${value}` : value };
}

/**
 * buildService.baseBranch: a Git branch name, trimmed; '' when not set. A leading `-` is refused before any
 * Git process is ever handed one, where it would read as an option.
 */
export function checkBaseBranchName(raw: unknown): Checked<string> {
  if (raw === undefined || raw === null) return { ok: true, value: '' };
  if (typeof raw !== 'string') return { ok: false, problem: l10n.t('it must be a text value') };
  const name = raw.trim();
  if (name.startsWith('-')) return { ok: false, problem: l10n.t('"{0}" starts with "-", which no branch name does', name.slice(0, 60)) };
  if (/[\s~^:?*[\\\p{Cc}]|\.\.|@\{/u.test(name)) return { ok: false, problem: l10n.t('"{0}" is not a branch name', name.slice(0, 60)) };
  return { ok: true, value: name };
}
