// The order people expect: "App 2" before "App 10", accents and case not deciding before letters do.
// Pure (no vscode) so it is unit-tested in plain Node.

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

interface Named {
  readonly id: string;
  readonly name: string;
}

/** A sorted copy; equal names keep a stable order by id so a refresh never shuffles the view. */
export function sortByName<T extends Named>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
