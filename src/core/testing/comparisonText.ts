// How a failed test's comparison with its base branch, and its flakiness, read in the Testing view,
// Current Branch and the output of a run.
import * as l10n from '@vscode/l10n';
import type { Build, TestResult } from '../../api/models';
import { buildLabel } from '../builds/buildLook';
import { shownText } from '../text/serviceText';
import type { FailureComparison, FailureVerdict } from './baseComparison';
import type { FlakyTest } from './flaky';

/** What a look at a build's base found. */
export type BaseLook =
  | { readonly kind: 'compared'; readonly branch: string; readonly base: Build; readonly failed: readonly TestResult[] }
  | { readonly kind: 'no-base'; readonly branch: string }
  | { readonly kind: 'unreadable'; readonly branch: string; readonly base: Build }
  | { readonly kind: 'no-branch' };

/** What Current Branch says beside a compared build: one line, and the lines of the run's output in its tooltip. */
export interface BuildNote {
  /** "2 new, 1 also failing on main #41, 1 fixed" */
  readonly line: string;
  /** The fixed tests by name, what a cap left out, or why nothing was compared. */
  readonly detail: readonly string[];
}

/** A note with more said on its line ("· changed functions run by tests: 7 of 10") and in its tooltip; either may be missing. */
export function withMore(note: BuildNote | undefined, more: BuildNote | undefined): BuildNote | undefined {
  if (!more) return note;
  return { line: note ? `${note.line} · ${more.line}` : more.line, detail: [...(note?.detail ?? []), ...more.detail] };
}

/** "main #41" */
export function baseName(branch: string, base: Pick<Build, 'id' | 'buildNumber'>): string {
  return `${shownText(branch)} ${buildLabel(base)}`;
}

export function verdictText(verdict: FailureVerdict, branch: string, base: Build): string {
  switch (verdict) {
    case 'existing':
      return l10n.t('also fails on {0}', baseName(branch, base));
    case 'new':
      return l10n.t('new: does not fail on {0}', baseName(branch, base));
    default:
      return l10n.t('not compared: {0} has more tests than are compared', baseName(branch, base));
  }
}

/** Said once when the cap left tests out (baseComparison.ts COMPARED_TESTS_MAX); undefined when all were compared. */
export function cappedText(comparison: Pick<FailureComparison, 'leftOut' | 'limit'>, branch: string, base: Build): string | undefined {
  if (comparison.leftOut === 0) return undefined;
  return l10n.t(
    'Only the first {0} tests of this build and of {1} were compared; {2} more were left out.',
    comparison.limit,
    baseName(branch, base),
    comparison.leftOut,
  );
}

export function flakyText(flaky: FlakyTest, branch: string): string {
  return l10n.t('flaky: failed {0} of the last {1} builds of {2}', flaky.failures, flaky.builds, shownText(branch));
}

/** The one line said instead of a comparison; undefined when there is one. */
export function noComparisonText(look: BaseLook): string | undefined {
  switch (look.kind) {
    case 'no-branch':
      return l10n.t('No base branch is known to compare these failures with; buildService.baseBranch can name one.');
    case 'no-base':
      return l10n.t('{0} has no finished build with tests to compare these failures with.', shownText(look.branch));
    case 'unreadable':
      return l10n.t('The tests of {0} could not be read, so these failures are not compared.', baseName(look.branch, look.base));
    default:
      return undefined;
  }
}

export function testName(test: Pick<TestResult, 'suite' | 'name' | 'run'>): string {
  const name = [test.suite, test.name]
    .filter(Boolean)
    .map((part) => shownText(part ?? ''))
    .join('.');
  return test.run ? `${name} (${shownText(test.run)})` : name;
}

/** The tests this build fixed, once: "Fixed here (failed on main #41): A, B". undefined when none. */
export function fixedText(comparison: FailureComparison, branch: string, base: Build, max = 20): string | undefined {
  const { fixed } = comparison;
  if (fixed.length === 0) return undefined;
  const names = fixed.slice(0, max).map(testName);
  const more = fixed.length > max ? [l10n.t('and {0} more', fixed.length - max)] : [];
  return l10n.t('Fixed here (failed on {0}): {1}', baseName(branch, base), [...names, ...more].join(', '));
}

/** One line for Current Branch: "2 new, 1 also failing on main #41, 1 fixed". */
export function summaryText(comparison: FailureComparison, branch: string, base: Build): string {
  const parts = [
    l10n.t('{0} new', comparison.newFailures.length),
    l10n.t('{0} also failing on {1}', comparison.existingFailures.length, baseName(branch, base)),
  ];
  if (comparison.fixed.length > 0) parts.push(l10n.t('{0} fixed', comparison.fixed.length));
  if (comparison.leftOut > 0) parts.push(l10n.t('{0} not compared', comparison.leftOut));
  return parts.join(', ');
}

/** A flaky test's count in the Flaky Tests list: "failed 3 of the last 10 builds". */
export function flakyListText(flaky: FlakyTest): string {
  return flaky.sameCommit
    ? l10n.t('failed {0} of the last {1} builds, and passed on the same commit', flaky.failures, flaky.builds)
    : l10n.t('failed {0} of the last {1} builds', flaky.failures, flaky.builds);
}
