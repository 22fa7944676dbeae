import * as l10n from '@vscode/l10n';
import type { Checked } from './validate';

/** Megabytes as sizes are shown (1 MB = 1,000,000 bytes), so the message and the setting agree. */
export const MEGABYTE = 1_000_000;
export const DOWNLOAD_LIMIT_DEFAULT_MB = 4096;
export const DOWNLOAD_LIMIT_MIN_MB = 1;
export const DOWNLOAD_LIMIT_MAX_MB = 1_000_000;

export function checkDownloadSizeLimit(raw: unknown): Checked<number> {
  if (raw === undefined || raw === null) return { ok: true, value: DOWNLOAD_LIMIT_DEFAULT_MB };
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { ok: false, problem: l10n.t('it must be a number of megabytes') };
  if (raw < DOWNLOAD_LIMIT_MIN_MB || raw > DOWNLOAD_LIMIT_MAX_MB) {
    return { ok: false, problem: l10n.t('it must be between {0} and {1}', DOWNLOAD_LIMIT_MIN_MB, DOWNLOAD_LIMIT_MAX_MB) };
  }
  return { ok: true, value: raw };
}
