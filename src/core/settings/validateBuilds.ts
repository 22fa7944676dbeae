import * as l10n from '@vscode/l10n';
import type { Checked } from './validate';

export const BUILDS_PER_APP_DEFAULT = 10;
export const BUILDS_PER_APP_MIN = 1;
// The service's ceiling for `limit` (API.md): more would be a 400.
export const BUILDS_PER_APP_MAX = 100;

export function checkBuildsPerApp(raw: unknown): Checked<number> {
  if (raw === undefined || raw === null) return { ok: true, value: BUILDS_PER_APP_DEFAULT };
  if (typeof raw !== 'number' || !Number.isInteger(raw)) return { ok: false, problem: l10n.t('it must be a whole number of builds') };
  if (raw < BUILDS_PER_APP_MIN || raw > BUILDS_PER_APP_MAX) {
    return { ok: false, problem: l10n.t('it must be between {0} and {1}', BUILDS_PER_APP_MIN, BUILDS_PER_APP_MAX) };
  }
  return { ok: true, value: raw };
}

export function checkFlag(raw: unknown, fallback: boolean): Checked<boolean> {
  if (raw === undefined || raw === null) return { ok: true, value: fallback };
  if (typeof raw !== 'boolean') return { ok: false, problem: l10n.t('it must be true or false') };

  return { ok: true, value: raw };
}
