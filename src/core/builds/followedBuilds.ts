import type { Build } from '../../api/models';

/** 'shown': visible in a view; 'triggered': started from this window (its end is announced). */
export type FollowReason = 'shown' | 'triggered';

export interface Recorded {
  readonly changed: boolean;
  /** It has finished and is no longer followed; 'triggered' wins over 'shown'. */
  readonly finished?: FollowReason;
}

interface Entry {
  readonly owner: string;
  build: Build;
  readonly reasons: Set<FollowReason>;
}

export interface Followed {
  readonly owner: string;
  readonly build: Build;
}

/** One key for an account's build (or app): ids are unique only within a service. */
export const buildKey = (owner: string, id: string): string => `${owner}\n${id}`;

export class FollowedBuilds {
  private readonly entries = new Map<string, Entry>();

  // `started`: a new build is watched (the pace restarts from the short interval); `recorded`: the
  // copy is news about a build followed already, e.g. a refreshed list saw it finish.
  follow(owner: string, build: Build, reason: FollowReason): { started: boolean; recorded?: Recorded } {
    const entry = this.entries.get(buildKey(owner, build.id));
    if (entry) {
      if (!build.finished) entry.reasons.add(reason);
      return { started: false, recorded: this.recordEntry(entry, build) };
    }
    if (build.finished) return { started: false };
    this.entries.set(buildKey(owner, build.id), { owner, build, reasons: new Set([reason]) });
    return { started: true };
  }

  /** Without a reason, stops following; with one, only for that reason (a triggered build stays followed). */
  unfollow(owner: string, buildId: string, reason?: FollowReason): void {
    const key = buildKey(owner, buildId);
    const entry = this.entries.get(key);
    if (!entry) return;
    if (reason) entry.reasons.delete(reason);
    if (!reason || entry.reasons.size === 0) this.entries.delete(key);
  }

  /** Stops following the builds of the accounts `gone` names. */
  drop(gone: (owner: string) => boolean): void {
    for (const [key, entry] of this.entries) if (gone(entry.owner)) this.entries.delete(key);
  }

  record(owner: string, build: Build): Recorded | undefined {
    const entry = this.entries.get(buildKey(owner, build.id));
    return entry ? this.recordEntry(entry, build) : undefined;
  }

  clear(): void {
    this.entries.clear();
  }

  has(owner: string, buildId: string): boolean {
    return this.entries.has(buildKey(owner, buildId));
  }

  get ids(): string[] {
    return [...this.entries.values()].map((e) => e.build.id);
  }

  /** The latest copy of each build followed, with its account. */
  get builds(): Followed[] {
    return [...this.entries.values()].map(({ owner, build }) => ({ owner, build }));
  }

  get size(): number {
    return this.entries.size;
  }

  private recordEntry(entry: Entry, build: Build): Recorded {
    const changed = JSON.stringify(entry.build) !== JSON.stringify(build);
    entry.build = build;
    if (!build.finished) return { changed };
    this.entries.delete(buildKey(entry.owner, build.id));
    return { changed, finished: entry.reasons.has('triggered') ? 'triggered' : 'shown' };
  }
}
