import { firstOfEachId, repeatedIdsNote } from '../core/apps/uniqueIds';
import type { Log } from './log';

/**
 * The first item of each id; the repeated ids go to the log once per list (`list` names it there,
 * e.g. "the builds of app 1"), not on every refresh that finds them again.
 */
export function uniqueById<T>(log: Log, list: string, items: readonly T[], idOf: (item: T) => string): readonly T[] {
  const unique = firstOfEachId(items, idOf);
  if (unique.repeated.length > 0) log.warnOnce(list, repeatedIdsNote(list, unique.repeated));
  return unique.items;
}
