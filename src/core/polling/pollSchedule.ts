// The clock is handed in: the schedule is unit-tested over simulated time, and the bench runs it scaled.
export interface PollIntervals {
  firstMs: number;
  maxMs: number;
  branchIdleMs: number;
  /** …for soonForMs after a push or a branch switch, when a new build is likely. */
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

export const TEST_TIME_SCALE = 1 / 60;

/** The test host's scale: `asked` (the soak's BUILD_SERVICE_SOAK_TIME_SCALE, a simulated day in minutes) when it is one, else TEST_TIME_SCALE. */
export function testTimeScale(asked: string | undefined): number {
  const scale = Number(asked);
  return scale > 0 && scale <= 1 ? scale : TEST_TIME_SCALE;
}

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

export interface PollWork {
  /** Followed builds the branch's lists do not carry. */
  following: boolean;
  watching: boolean;
  /** A followed build is of the watched branch: its lists follow it at the following pace. */
  branchBusy: boolean;
}

export interface PollRound {
  byId: boolean;
  lists: boolean;
}

/**
 * Followed builds: 10, 20, 40, 60, 60… s from when the latest began to be followed (one still running
 * after a minute likely runs longer). The branch: that pace while a build of it runs, else once a
 * minute, or every 15 s for two minutes after a push or a branch switch. Focus catches up only with
 * what runs, never with an idle branch.
 */
export class PollClock {
  private followSince = -Infinity;
  private lastById: number | undefined;
  private lastList: number | undefined;
  private soonFrom = -Infinity;
  private catchUp = false;

  constructor(private readonly intervals: PollIntervals) {}

  startFollowing(now: number): void {
    this.followSince = now;
  }

  branchLoaded(now: number): void {
    this.lastList = now;
  }

  lookSoon(now: number): void {
    this.soonFrom = now;
  }

  focused(): void {
    this.catchUp = true;
  }

  due(now: number, work: PollWork): PollRound {
    return {
      byId: work.following && now >= this.followAt(),
      lists: work.watching && now >= this.listAt(work.branchBusy),
    };
  }

  polled(now: number, did: PollRound): void {
    if (did.byId) this.lastById = now;
    if (did.lists) this.lastList = now;
    if (did.byId || did.lists) this.catchUp = false;
  }

  /** Undefined: nothing to poll. */
  wait(now: number, work: PollWork): number | undefined {
    const at = Math.min(work.following ? this.followAt() : Infinity, work.watching ? this.listAt(work.branchBusy) : Infinity);
    return at === Infinity ? undefined : Math.max(0, Math.ceil(at - now));
  }

  /** Doubling without a counter: the wait after `t` is as long as the builds have been followed. */
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
