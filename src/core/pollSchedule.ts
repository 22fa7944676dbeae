// How long the poller waits between rounds. Pure (no vscode) so it is unit-tested in plain Node.

export interface PollIntervals {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_INTERVALS: PollIntervals = { firstMs: 10_000, maxMs: 60_000 };

/**
 * Doubles up to the cap: a build that is still running after a minute is likely to run a while
 * longer, and a slower pace costs the user nothing but a few seconds of lag (10, 20, 40, 60, 60…).
 */
export function nextInterval(current: number, { firstMs, maxMs }: PollIntervals): number {
  return Math.min(Math.max(current * 2, firstMs), maxMs);
}
