import type { Build } from '../api/models';

/** 'shown': visible in a view; 'triggered': started from this window (its end is announced). */
export type FollowReason = 'shown' | 'triggered';

export interface Recorded {
  readonly changed: boolean;
  /** It has finished and is no longer followed; 'triggered' wins over 'shown'. */
  readonly finished?: FollowReason;
}

interface Entry {
  build: Build;
  readonly reasons: Set<FollowReason>;
}

export class FollowedBuilds {
  private readonly entries = new Map<string, Entry>();

  // `started`: a new build is watched (the pace restarts from the short interval); `recorded`: the
  // copy is news about a build followed already, e.g. a refreshed list saw it finish.
  follow(build: Build, reason: FollowReason): { started: boolean; recorded?: Recorded } {
    const entry = this.entries.get(build.id);
    if (entry) {
      if (!build.finished) entry.reasons.add(reason);
      return { started: false, recorded: this.recordEntry(entry, build) };
    }
    if (build.finished) return { started: false };
    this.entries.set(build.id, { build, reasons: new Set([reason]) });
    return { started: true };
  }

  /** Without a reason, stops following; with one, only for that reason (a triggered build stays followed). */
  unfollow(buildId: string, reason?: FollowReason): void {
    const entry = this.entries.get(buildId);
    if (!entry) return;
    if (reason) entry.reasons.delete(reason);
    if (!reason || entry.reasons.size === 0) this.entries.delete(buildId);
  }

  record(build: Build): Recorded | undefined {
    const entry = this.entries.get(build.id);
    return entry ? this.recordEntry(entry, build) : undefined;
  }

  clear(): void {
    this.entries.clear();
  }

  has(buildId: string): boolean {
    return this.entries.has(buildId);
  }

  get ids(): string[] {
    return [...this.entries.keys()];
  }

  /** The latest copy of each build followed. */
  get builds(): Build[] {
    return [...this.entries.values()].map((e) => e.build);
  }

  get size(): number {
    return this.entries.size;
  }

  private recordEntry(entry: Entry, build: Build): Recorded {
    const changed = JSON.stringify(entry.build) !== JSON.stringify(build);
    entry.build = build;
    if (!build.finished) return { changed };
    this.entries.delete(build.id);
    return { changed, finished: entry.reasons.has('triggered') ? 'triggered' : 'shown' };
  }
}
