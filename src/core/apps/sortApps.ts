// "App 2" before "App 10"; accents and case do not decide before letters do.

// Made on first use: an ICU collator is costly and activation must not pay for it.
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
