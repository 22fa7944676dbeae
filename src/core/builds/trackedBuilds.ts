// The latest copy of each build someone holds, by account and id, and how many hold it: a build is
// followed while it is unfinished and held at least once, whoever holds it, up to a cap per account.
import type { Build } from '../../api/models';
import { scopedKey } from '../accounts/scopedKey';

/**
 * The most unfinished builds one account follows (polls) at once. A service that lists thousands of
 * running builds gets them shown, not asked after; each one followed that ends or is let go of makes
 * room for the one held longest beyond the cap.
 */
export const FOLLOW_CAP = 200;

/** One key for an account's build (or app): ids are unique only within a service. */
export const buildKey = (owner: string, id: string): string => scopedKey(owner, id);

/** How a build's end was seen: it was started from this window, or only shown. */
export type Ended = 'triggered' | 'seen';

export interface Recorded {
  readonly changed: boolean;
  /** This copy is the build's end, seen once. */
  readonly ended?: Ended;
}

export interface TrackedBuild {
  readonly owner: string;
  build: Build;
  holds: number;
  /** Holds that end by themselves when the build finishes (a build triggered here). */
  triggeredHolds: number;
  triggered: boolean;
}

/** What a hold did: `started`, the build was not followed before; `capped`, its account follows as many as it may. */
export interface Held {
  readonly entry: TrackedBuild;
  readonly started: boolean;
  readonly capped: boolean;
  readonly recorded: Recorded;
}

export interface Followed {
  readonly owner: string;
  readonly build: Build;
}

export class TrackedBuilds {
  private readonly entries = new Map<string, TrackedBuild>();
  /** The entries followed, kept as they change: the poller asks after every hold, so it must not walk every build held. */
  private readonly following = new Map<string, TrackedBuild>();
  /** How many builds each account follows. */
  private readonly counts = new Map<string, number>();
  /** Per account, the unfinished builds held beyond the cap, longest held first. */
  private readonly waiting = new Map<string, Map<string, TrackedBuild>>();

  constructor(private readonly cap = FOLLOW_CAP) {}

  // `started`: the build was not followed before (the pace restarts); the copy is recorded as any other.
  // `capped`: it would be followed but its account follows as many as it may.
  hold(owner: string, build: Build, triggered: boolean): Held {
    const key = buildKey(owner, build.id);
    let entry = this.entries.get(key);
    if (triggered && build.finished) return this.endedAtTrigger(owner, build, entry);
    const wasFollowed = entry !== undefined && isFollowed(entry);
    const recorded = entry ? this.recordEntry(entry, build, false) : { changed: false };
    entry ??= { owner, build, holds: 0, triggeredHolds: 0, triggered: false };
    // Also when that copy ended it and no hold was left: this hold keeps it again.
    this.entries.set(key, entry);
    entry.holds++;
    if (triggered && !entry.build.finished) {
      entry.triggered = true;
      entry.triggeredHolds++;
    }
    this.settle(key, entry);
    const capped = this.waiting.get(owner)?.has(key) ?? false;
    return { entry, started: !wasFollowed && !capped && isFollowed(entry), capped, recorded };
  }

  /**
   * A build triggered here that had ended by the time the service answered for it: its end is told now,
   * as triggered, and no hold is counted (a triggered hold ends with its build, so nobody would let go of it).
   * An end already seen (a view held it) was not yet told as a triggered build's: it is now, once.
   */
  private endedAtTrigger(owner: string, build: Build, entry: TrackedBuild | undefined): Held {
    const none = { started: false, capped: false };
    if (!entry)
      return {
        ...none,
        entry: { owner, build, holds: 0, triggeredHolds: 0, triggered: true },
        recorded: { changed: true, ended: 'triggered' },
      };
    const endSeen = entry.build.finished && !entry.triggered;
    entry.triggered = true;
    const recorded = this.recordEntry(entry, build, false);
    return { ...none, entry, recorded: endSeen ? { ...recorded, ended: 'triggered' } : recorded };
  }

  /** Lets go of one hold of `entry`; the last one forgets the build. */
  release(entry: TrackedBuild, triggered: boolean): void {
    if (this.entries.get(buildKey(entry.owner, entry.build.id)) !== entry) return;
    if (triggered && entry.triggeredHolds === 0) return; // ended by itself when the build finished
    if (triggered) entry.triggeredHolds--;
    entry.holds--;
    const key = buildKey(entry.owner, entry.build.id);
    if (entry.holds <= 0) this.entries.delete(key);
    this.settle(key, entry);
  }

  /**
   * A fresh copy of a build; undefined when nobody holds it and it is no news. `newest`: the newest of
   * its app and branch, not shown before, so a finished copy is its end.
   */
  record(owner: string, build: Build, newest = false): Recorded | undefined {
    const entry = this.entries.get(buildKey(owner, build.id));
    if (entry) return this.recordEntry(entry, build, newest);
    return newest ? { changed: true, ended: build.finished ? 'seen' : undefined } : undefined;
  }

  get(owner: string, id: string): Build | undefined {
    return this.entries.get(buildKey(owner, id))?.build;
  }

  /** Forgets a build that is gone from its service: it never finishes. */
  forget(owner: string, id: string): void {
    this.entries.delete(buildKey(owner, id));
    this.unfollow(buildKey(owner, id), owner);
  }

  /** Forgets the builds of the accounts `gone` names. */
  drop(gone: (owner: string) => boolean): void {
    for (const [key, entry] of this.entries) if (gone(entry.owner)) this.entries.delete(key);
    for (const [key, entry] of this.following) if (gone(entry.owner)) this.following.delete(key);
    for (const owner of [...this.counts.keys(), ...this.waiting.keys()]) {
      if (!gone(owner)) continue;
      this.counts.delete(owner);
      this.waiting.delete(owner);
    }
  }

  clear(): void {
    this.entries.clear();
    this.following.clear();
    this.counts.clear();
    this.waiting.clear();
  }

  /** The latest copy of each build followed: held and unfinished. */
  get followed(): Followed[] {
    return [...this.following.values()].map(({ owner, build }) => ({ owner, build }));
  }

  isFollowed(owner: string, id: string): boolean {
    return this.following.has(buildKey(owner, id));
  }

  private recordEntry(entry: TrackedBuild, build: Build, newest: boolean): Recorded {
    // A copy asked for before the build finished must not make it unfinished again (its end would be seen twice).
    if (entry.build.finished && !build.finished) return { changed: false };
    const ends = build.finished && !entry.build.finished;
    const changed = JSON.stringify(entry.build) !== JSON.stringify(build);
    entry.build = build;
    if (!ends) return { changed: changed || newest };
    const ended: Ended = entry.triggered ? 'triggered' : 'seen';
    entry.holds -= entry.triggeredHolds;
    entry.triggeredHolds = 0;
    const key = buildKey(entry.owner, build.id);
    if (entry.holds <= 0) this.entries.delete(key);
    this.settle(key, entry);
    return { changed, ended };
  }

  private settle(key: string, entry: TrackedBuild): void {
    const { owner } = entry;
    if (this.entries.get(key) !== entry || !isFollowed(entry)) return this.unfollow(key, owner);
    if (this.following.has(key) || this.waiting.get(owner)?.has(key)) return;
    if ((this.counts.get(owner) ?? 0) < this.cap) return this.follow(key, entry);
    const waiting = this.waiting.get(owner) ?? new Map<string, TrackedBuild>();
    this.waiting.set(owner, waiting.set(key, entry));
  }

  private follow(key: string, entry: TrackedBuild): void {
    this.following.set(key, entry);
    this.counts.set(entry.owner, (this.counts.get(entry.owner) ?? 0) + 1);
  }

  /** Not followed any more (nor waiting); a place it leaves goes to the build that waited longest. */
  private unfollow(key: string, owner: string): void {
    const waiting = this.waiting.get(owner);
    if (waiting?.delete(key)) {
      if (waiting.size === 0) this.waiting.delete(owner);
      return;
    }
    if (!this.following.delete(key)) return;
    const left = (this.counts.get(owner) ?? 1) - 1;
    if (left > 0) this.counts.set(owner, left);
    else this.counts.delete(owner);
    const next = waiting?.entries().next().value;
    if (!waiting || !next) return;
    waiting.delete(next[0]);
    if (waiting.size === 0) this.waiting.delete(owner);
    this.follow(next[0], next[1]);
  }
}

function isFollowed(entry: TrackedBuild): boolean {
  return entry.holds > 0 && !entry.build.finished;
}
