// The order people expect: "App 2" before "App 10", accents and case not deciding before letters do.
// Pure (no vscode) so it is unit-tested in plain Node.

// Made on first use, not at load: building an ICU collator takes milliseconds, and loading the
// extension must cost nothing until someone looks at the Apps view.
let collator: Intl.Collator | undefined;

interface Named {
  readonly id: string;
  readonly name: string;
}

/** A sorted copy; equal names keep a stable order by id so a refresh never shuffles the view. */
export function sortByName<T extends Named>(items: readonly T[]): T[] {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const { compare } = collator;
  return [...items].sort((a, b) => compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
