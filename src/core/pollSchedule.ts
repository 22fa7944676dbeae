export interface PollIntervals {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_INTERVALS: PollIntervals = { firstMs: 10_000, maxMs: 60_000 };

// Doubles up to the cap: a build still running after a minute likely runs longer; a slower pace costs seconds of lag.
export function nextInterval(current: number, { firstMs, maxMs }: PollIntervals): number {
  return Math.min(Math.max(current * 2, firstMs), maxMs);
}
