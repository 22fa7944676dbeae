// The one bounded cache of the extension: at most `max` entries, the least recently used going first, and
// each entry weighed (approximate bytes, weights.ts) against a CacheBudget that every cache of the window's
// answers shares, so together they stay under one ceiling in MiB whatever each entry holds. A Map keeps
// insertion order, so a read moves its entry to the end and the first key is always the oldest.

interface Entry<V> {
  readonly value: V;
  weight: number;
  /** When last used, on the budget's clock: the oldest of all the budget's caches goes first. */
  used: number;
}

/** One ceiling, in bytes as the caches weigh them, for every cache that shares it. */
export class CacheBudget {
  private readonly caches = new Set<Lru<unknown, unknown>>();
  private clock = 0;

  constructor(readonly maxBytes: number) {
    // A programming error, never shown: the bound as the message.
    if (!(maxBytes > 0)) throw new RangeError(String(maxBytes));
  }

  /** Bytes held by every cache sharing the budget, as weighed. */
  get used(): number {
    let sum = 0;
    for (const cache of this.caches) sum += cache.weight;
    return sum;
  }

  /** @internal for Lru */
  join(cache: Lru<unknown, unknown>): void {
    this.caches.add(cache);
  }

  /** @internal for Lru */
  now(): number {
    return ++this.clock;
  }

  /** Drops the least recently used entry of any cache until the whole fits; one over the ceiling alone goes too. */
  fit(): void {
    let used = this.used;
    while (used > this.maxBytes) {
      let oldest: Lru<unknown, unknown> | undefined;
      let at = Infinity;
      for (const cache of this.caches) {
        const when = cache.oldestUse();
        if (when !== undefined && when < at) [oldest, at] = [cache, when];
      }
      if (!oldest) return;
      used -= oldest.dropOldest();
    }
  }
}

/** The ceiling of the window's cached answers (comparisons, failed-test lists, build lists, reports, details, coverage). */
export const CACHED_ANSWERS_MIB = 64;

/** The budget the extension's caches share: one window, one ceiling. */
export const cachedAnswers = new CacheBudget(CACHED_ANSWERS_MIB * 1024 * 1024);

export class Lru<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private total = 0;
  private clock = 0;

  /** `budget`: the ceiling shared with other caches; without one, only `max` bounds it. */
  constructor(
    readonly max: number,
    private readonly budget?: CacheBudget,
  ) {
    // A programming error, never shown: the bound as the message.
    if (!Number.isInteger(max) || max < 1) throw new RangeError(String(max));
    budget?.join(this);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes its entries were weighed at. */
  get weight(): number {
    return this.total;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    entry.used = this.now();
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value, its place unchanged. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** `weight`: its bytes, when known now; a promise is weighed when it settles (`weigh`). */
  set(key: K, value: V, weight = 0): this {
    this.delete(key);
    this.entries.set(key, { value, weight, used: this.now() });
    this.total += weight;
    while (this.entries.size > this.max) this.dropOldest();
    this.budget?.fit();
    return this;
  }

  /** Weighs `key`'s entry now that its value's size is known; nothing when another value took its place. */
  weigh(key: K, value: V, weight: number): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    this.total += weight - entry.weight;
    entry.weight = weight;
    this.budget?.fit();
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.total -= entry.weight;
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  /** @internal for CacheBudget: when the oldest entry was last used. */
  oldestUse(): number | undefined {
    for (const entry of this.entries.values()) return entry.used;
    return undefined;
  }

  /** @internal for CacheBudget: drops the oldest entry; its weight. */
  dropOldest(): number {
    for (const [key, entry] of this.entries) {
      this.delete(key);
      return entry.weight;
    }
    return 0;
  }

  private now(): number {
    return this.budget?.now() ?? ++this.clock;
  }
}
