// Lists from the service that name one id twice: VS Code refuses a tree with two items of one id
// (the whole view fails), and a quick pick would offer one thing twice. Pure (no vscode).
import { loggedText } from '../text/serviceText';

/** The items with only the first of each id, and the ids that came again; the same array when none did. */
export function firstOfEachId<T>(items: readonly T[], idOf: (item: T) => string): { items: readonly T[]; repeated: string[] } {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  let kept: T[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const id = idOf(items[index]);
    if (!seen.has(id)) {
      seen.add(id);
      kept?.push(items[index]);
    } else {
      kept ??= items.slice(0, index);
      repeated.add(id);
    }
  }
  return { items: kept ?? items, repeated: [...repeated] };
}

const NAMED_MAX = 10;

/** The log line for ids repeated in one list (English, like the rest of the log). */
export function repeatedIdsNote(list: string, repeated: readonly string[]): string {
  const named = repeated.slice(0, NAMED_MAX).map((id) => `"${id}"`);
  const more = repeated.length > NAMED_MAX ? ` and ${repeated.length - NAMED_MAX} more` : '';
  const ids = repeated.length === 1 ? 'an id' : `${repeated.length} ids`;
  return loggedText(
    `The build service listed ${ids} more than once in ${list} (${named.join(', ')}${more}); only the first of each is shown.`,
  );
}
