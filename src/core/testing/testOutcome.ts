// What a test's status means, in one place: the Testing view, the base comparison, the flaky count and
// the chat tools all read a failed test here, so none of them counts one the others leave out.
import type { TestResult } from '../../api/models';

export type TestOutcome = 'passed' | 'failed' | 'skipped';

/**
 * API.md documents `passed` and `failed` (the live service sent `success`, read as `passed`); `error`
 * and `failure` are what other test reporters call a failed test, so a service passing them on is not
 * shown a failure as skipped.
 */
export const FAILED_STATUSES: readonly string[] = ['failed', 'error', 'failure'];

/** Anything else the service says (skipped, pending…) reads as skipped: neither passed nor failed. */
export function outcomeOf(status: string): TestOutcome {
  if (status === 'failed' || status === 'passed') return status; // nearly every test: no list to search
  if (status === 'success') return 'passed';
  return FAILED_STATUSES.includes(status) ? 'failed' : 'skipped';
}

export function isFailedTest(test: Pick<TestResult, 'status'>): boolean {
  return outcomeOf(test.status) === 'failed';
}

export function isPassedTest(test: Pick<TestResult, 'status'>): boolean {
  return outcomeOf(test.status) === 'passed';
}
