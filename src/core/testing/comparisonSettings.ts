// The settings of the base comparison and the flaky tests, checked: settings.json can hold anything.
import { checkBaseBranchName } from '../settings/validateBranch';

export const FLAKY_BUILDS_DEFAULT = 10;
export const FLAKY_BUILDS_MIN = 2;
/** A list request holds at most 100 builds, and some of the newest may be unfinished. */
export const FLAKY_BUILDS_MAX = 50;

/** A branch name, trimmed; undefined for nothing or something that is not one (settings.ts says why). */
export function checkBaseBranch(raw: unknown): string | undefined {
  const checked = checkBaseBranchName(raw);
  return checked.ok && checked.value ? checked.value : undefined;
}

export function checkFlakyBuilds(raw: unknown): number | undefined {
  return typeof raw === 'number' && Number.isInteger(raw) && raw >= FLAKY_BUILDS_MIN && raw <= FLAKY_BUILDS_MAX ? raw : undefined;
}

/** How many of a branch's newest builds one list asks for: enough that the last N finished are among them. */
export function listLimitFor(builds: number): number {
  return Math.min(100, builds + 10);
}
