// What a tool's confirmation named, kept for the invocation that follows it. VS Code gives both calls
// the same input and nothing else to tie them together, so the input (as a key) is the binding.

/** How long a confirmation stays good: time for a person to read one question, not for the world to change. */
export const CONFIRMATION_LIFETIME_MS = 5 * 60_000;
/** More pending than this means confirmations that were never used; the oldest go. */
const MAX_PENDING = 20;

export type Taken<T> = { kind: 'confirmed'; target: T } | { kind: 'none' | 'expired' | 'ambiguous' };

interface Pending<T> {
  key: string;
  target: T;
  at: number;
}

export class Confirmations<T> {
  private pending: Pending<T>[] = [];

  constructor(
    private readonly same: (a: T, b: T) => boolean,
    private readonly now: () => number = Date.now,
    private readonly lifetimeMs = CONFIRMATION_LIFETIME_MS,
  ) {}

  keep(key: string, target: T): void {
    this.pending = [...this.pending.filter((p) => this.fresh(p)), { key, target, at: this.now() }].slice(-MAX_PENDING);
  }

  /** Used up. Two confirmations of one input naming different targets: neither is taken, rather than the wrong one. */
  take(key: string): Taken<T> {
    const mine = this.pending.filter((p) => p.key === key);
    if (mine.length === 0) return { kind: 'none' };
    const fresh = mine.filter((p) => this.fresh(p));
    const first = fresh[0];
    if (!first) {
      this.pending = this.pending.filter((p) => p.key !== key);
      return { kind: 'expired' };
    }
    if (fresh.some((p) => !this.same(p.target, first.target))) {
      this.pending = this.pending.filter((p) => p.key !== key);
      return { kind: 'ambiguous' };
    }
    this.pending = this.pending.filter((p) => p !== first && (p.key !== key || this.fresh(p)));
    return { kind: 'confirmed', target: first.target };
  }

  /** Forgets every confirmation (the address or the token changed: they were given for another service). */
  clear(): void {
    this.pending = [];
  }

  private fresh(p: Pending<T>): boolean {
    return this.now() - p.at <= this.lifetimeMs;
  }
}
