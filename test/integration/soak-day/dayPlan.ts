// The simulated day of the soak (day.test.ts): when the window is focused, when builds of the watched
// branch start and finish, when the service is out; and the requests the polling schedule plans for
// it, worked out with the extension's own schedule (PollClock, PollPauses) in simulated time, every
// answer instant. The host's rounds take real time, so it asks somewhat less than planned.
import { PollPauses } from '../../../src/core/polling/pollPause';
import { DEFAULT_INTERVALS, PollClock } from '../../../src/core/polling/pollSchedule';

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 24 * 60;
/** Simulated minutes from 08:00. */
export const HOUR = 60;

export interface Outage {
  from: number;
  to: number;
  status: 429 | 503;
}

export interface DayBuild {
  /** Index into the watched apps. */
  app: number;
  start: number;
  finish: number;
  outcome: 'success' | 'failed';
}

/** Focused 08–12 and 13–19, unfocused at lunch and 19–08. */
export const FOCUSED: readonly [number, number][] = [
  [0, 4 * HOUR],
  [5 * HOUR, 11 * HOUR],
];
/** 10:00 and 15:00, ten minutes each, every answer asking to wait 600 s. */
export const OUTAGES: readonly Outage[] = [
  { from: 2 * HOUR, to: 2 * HOUR + 10, status: 503 },
  { from: 7 * HOUR, to: 7 * HOUR + 10, status: 429 },
];
export const RETRY_AFTER_S = 600;
/** A build of the branch starts every 6 minutes, the apps taking turns, and runs 3 minutes; every third fails. */
export const BUILD_EVERY = 6;
export const BUILD_RUNS = 3;

export function dayBuilds(apps: number): DayBuild[] {
  const builds: DayBuild[] = [];
  for (let k = 0; k * BUILD_EVERY < DAY_MINUTES; k++) {
    const start = k * BUILD_EVERY;
    builds.push({ app: k % apps, start, finish: start + BUILD_RUNS, outcome: k % 3 === 2 ? 'failed' : 'success' });
  }
  return builds;
}

export const focusedAt = (minute: number) => FOCUSED.some(([from, to]) => minute >= from && minute < to);
export const outageAt = (minute: number) => OUTAGES.find((o) => minute >= o.from && minute < o.to);

export interface Plan {
  /** Branch lists asked while focused, one per app a round. */
  requests: number;
  /** Of those, in an outage (answered 429/503). */
  inOutages: number;
}

/**
 * Rounds second by second of simulated time, as the poller makes them: a list per app each round, the
 * pace of a running build of the branch while one is followed, the idle minute otherwise, nothing while
 * unfocused, and an outage's failed round pausing polling for the Retry-After.
 */
export function plannedRequests(apps: number, builds: readonly DayBuild[]): Plan {
  const owner = 'service';
  const clock = new PollClock(DEFAULT_INTERVALS);
  const pauses = new PollPauses();
  const followed = new Set<DayBuild>();
  clock.branchLoaded(0);
  let wasFocused = true;
  let requests = 0;
  let inOutages = 0;
  for (let t = 0; t < DAY_MINUTES * MINUTE_MS; t += 1000) {
    const minute = t / MINUTE_MS;
    const focused = focusedAt(minute);
    if (focused && !wasFocused) clock.focused();
    wasFocused = focused;
    if (!focused || pauses.pausedUntil(owner, t) !== undefined) continue;
    const due = clock.due(t, { following: false, watching: true, branchBusy: followed.size > 0 });
    if (!due.lists) continue;
    requests += apps;
    if (outageAt(minute)) {
      inOutages += apps;
      pauses.failed(owner, t, RETRY_AFTER_S * 1000);
    } else {
      pauses.succeeded(owner);
      for (let app = 0; app < apps; app++) {
        const latest = builds.filter((b) => b.app === app && b.start <= minute).at(-1);
        if (!latest) continue;
        for (const held of [...followed]) if (held.app === app && (held !== latest || held.finish <= minute)) followed.delete(held);
        if (latest.finish > minute && !followed.has(latest)) {
          followed.add(latest);
          clock.startFollowing(t);
        }
      }
    }
    clock.polled(t, due);
  }
  return { requests, inOutages };
}
