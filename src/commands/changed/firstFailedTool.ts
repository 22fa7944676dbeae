import type { Build, TestResult } from '../../api';
import type { BaseLook } from '../../core/testing/comparisonText';
import { firstFailedLines } from '../../core/tools/firstFailedAnswer';
import { loggedText } from '../../core/text/serviceText';
import type { Log } from '../../services/log';
import type { FirstFailedSearch } from '../../services/testing/firstFailedSearch';
import { isCancellation, type Look } from '../../services/testing/testComparisons';

/** The comparison tool's lines on where a build's failed tests began to fail; none when that could not be told. */
export async function firstFailedAnswer(
  search: FirstFailedSearch,
  look: Look,
  build: Build,
  failed: readonly TestResult[],
  base: BaseLook,
  log: Log,
): Promise<string[]> {
  if (failed.length === 0) return [];
  try {
    const of = await search.forBuild(look, build, failed, base);
    return firstFailedLines(
      failed.flatMap((test) => {
        const found = of(test);
        return found ? [{ test, ...found }] : [];
      }),
    );
  } catch (error) {
    if (isCancellation(error)) throw error;
    log.warn(loggedText(`First failed in, build ${build.id}: ${String(error)}`));
    return [];
  }
}
