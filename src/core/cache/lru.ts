// The one bounded cache of the extension: at most `max` entries, the least recently used going first. A Map
// keeps insertion order, so a read moves its entry to the end and the first key is always the oldest.
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly max: number) {
    // A programming error, never shown: the bound as the message.
    if (!Number.isInteger(max) || max < 1) throw new RangeError(String(max));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value, its place unchanged. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }
}
