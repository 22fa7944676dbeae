import * as l10n from '@vscode/l10n';
import type { Checked } from './validate';

/** buildService.sizeIncrease: how much the branch's app may grow against the base. */
export interface SizeLimit {
  readonly percent?: number;
  readonly megabytes?: number;
}

const PERCENT_MAX = 10_000;
const MEGABYTES_MAX = 1_000_000;

/** buildService.sizeIncrease: `{ percent?, megabytes? }`, at least one; undefined when not set. */
export function checkSizeIncrease(raw: unknown): Checked<SizeLimit | undefined> {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  const problem = l10n.t('it must be {0}, {1} or both', '{ "percent": 5 }', '{ "megabytes": 2 }');
  if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, problem };
  const { percent, megabytes, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || (percent === undefined && megabytes === undefined)) return { ok: false, problem };
  const within = (value: unknown, max: number) =>
    value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max);
  if (!within(percent, PERCENT_MAX) || !within(megabytes, MEGABYTES_MAX)) {
    return { ok: false, problem: l10n.t('percent must be between 0 and {0}, megabytes between 0 and {1}', PERCENT_MAX, MEGABYTES_MAX) };
  }
  return { ok: true, value: { percent: percent as number | undefined, megabytes: megabytes as number | undefined } };
}
