import type { Build, TestResult } from '../../api';
import type { BaseLook } from '../../core/testing/comparisonText';
import { firstFailedText } from '../../core/testing/firstFailedText';
import { isFailedTest } from '../../core/testing/testOutcome';
import type { FirstFailedOf, FirstFailedSearch } from '../../services/testing/firstFailedSearch';
import type { Look } from '../../services/testing/testComparisons';
import type { FailureNotes as Notes } from './testResultsView';

/** The notes with "first failed in main #38 (passed in #37)" under each failed test it is known for. */
export function withFirstFailed(notes: Notes, firstFailedOf: FirstFailedOf | undefined): Notes {
  if (!firstFailedOf) return notes;
  return {
    lines: notes.lines,
    noteOf(test: TestResult): string[] {
      const found = firstFailedOf(test);
      return [...notes.noteOf(test), ...(found ? [firstFailedText(found.found, found.branch)] : [])];
    },
  };
}

/** Where the shown build's failed tests began to fail; undefined when it is known for none (nothing to draw again). */
export async function firstFailedOfShown(
  search: FirstFailedSearch,
  look: Look,
  build: Build,
  results: readonly TestResult[],
  base: BaseLook,
): Promise<FirstFailedOf | undefined> {
  const failed = results.filter(isFailedTest);
  if (failed.length === 0) return undefined;
  const of = await search.forBuild(look, build, failed, base);
  return failed.some((t) => of(t)) ? of : undefined;
}
