// The clock is handed in: the schedule is unit-tested over simulated time, and the bench runs it scaled.
export interface PollIntervals {
  /** Following unfinished builds: the first wait, growing to maxMs the longer they run. */
  firstMs: number;
  maxMs: number;
  /** Looking for new builds of the current branch while none of it runs: one list per app this often. */
  branchIdleMs: number;
  /** …and this often for soonForMs after a push or a branch switch, when a new build is likely. */
  branchSoonMs: number;
  soonForMs: number;
}

export const DEFAULT_INTERVALS: PollIntervals = {
  firstMs: 10_000,
  maxMs: 60_000,
  branchIdleMs: 60_000,
  branchSoonMs: 15_000,
  soonForMs: 120_000,
};

/** Tests run the real schedule faster: a minute lasts a second. */
export const TEST_TIME_SCALE = 1 / 60;

export function scaleIntervals(intervals: PollIntervals, scale: number): PollIntervals {
  const scaled = (ms: number) => Math.round(ms * scale);
  return {
    firstMs: scaled(intervals.firstMs),
    maxMs: scaled(intervals.maxMs),
    branchIdleMs: scaled(intervals.branchIdleMs),
    branchSoonMs: scaled(intervals.branchSoonMs),
    soonForMs: scaled(intervals.soonForMs),
  };
}

/** What there is to poll, as the poller sees it before a round. */
export interface PollWork {
  /** Unfinished builds followed that the branch lists do not carry: one GET /builds/:id each. */
  following: boolean;
  /** A branch whose apps are listed (one GET /apps/:id/builds?branch= each). */
  watching: boolean;
  /** An unfinished build of that branch is followed: its lists follow it, at the following pace. */
  branchBusy: boolean;
}

export interface PollRound {
  byId: boolean;
  lists: boolean;
}

/**
 * The two paces of the poller. Followed builds: 10, 20, 40, 60, 60… s counted from when the latest of
 * them began to be followed (a build still running after a minute is likely to run a while longer).
 * The branch: its lists at that same pace while a build of it runs; otherwise once a minute, or every
 * 15 s for two minutes after a push or a branch switch. Nothing is asked more often than that, even
 * when the window is focused again: only followed builds are caught up with at once.
 */
export class PollClock {
  private followSince = -Infinity;
  private lastById: number | undefined;
  private lastList: number | undefined;
  private soonFrom = -Infinity;
  private catchUp = false;

  constructor(private readonly intervals: PollIntervals) {}

  /** A new build is followed: the pace starts again from the short interval. */
  startFollowing(now: number): void {
    this.followSince = now;
  }

  /** The branch's latest builds were just loaded: the next look is a whole interval away. */
  branchLoaded(now: number): void {
    this.lastList = now;
  }

  /** A push or a branch switch: a new build of the branch is likely soon. */
  lookSoon(now: number): void {
    this.soonFrom = now;
  }

  /** The window is focused again: the followed builds may have moved on meanwhile. */
  focused(): void {
    this.catchUp = true;
  }

  /** What a round at `now` asks for. */
  due(now: number, work: PollWork): PollRound {
    return {
      byId: work.following && now >= this.followAt(),
      lists: work.watching && now >= this.listAt(work.branchBusy),
    };
  }

  /** A round asked for `did`. */
  polled(now: number, did: PollRound): void {
    if (did.byId) this.lastById = now;
    if (did.lists) this.lastList = now;
    if (did.byId || did.lists) this.catchUp = false;
  }

  /** Milliseconds until the next round; undefined when there is nothing to poll. */
  wait(now: number, work: PollWork): number | undefined {
    const at = Math.min(work.following ? this.followAt() : Infinity, work.watching ? this.listAt(work.branchBusy) : Infinity);
    return at === Infinity ? undefined : Math.max(0, Math.ceil(at - now));
  }

  /** The wait after a round at `t` while following: as long as the builds have been followed, within bounds. */
  private followPace(t: number): number {
    const { firstMs, maxMs } = this.intervals;
    return Math.min(maxMs, Math.max(firstMs, t - this.followSince + firstMs));
  }

  private followAt(): number {
    if (this.catchUp) return -Infinity;
    const last = this.lastById;
    if (last === undefined || last < this.followSince) return this.followSince + this.intervals.firstMs;
    return last + this.followPace(last);
  }

  private listAt(busy: boolean): number {
    const last = this.lastList;
    if (last === undefined) return -Infinity;
    if (busy) {
      if (this.catchUp) return -Infinity;
      return last < this.followSince ? this.followSince + this.intervals.firstMs : last + this.followPace(last);
    }
    const { branchIdleMs, branchSoonMs, soonForMs } = this.intervals;
    return last + (last < this.soonFrom + soonForMs ? branchSoonMs : branchIdleMs);
  }
}
