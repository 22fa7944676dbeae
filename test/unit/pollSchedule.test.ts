// When the poller asks, in plain Node: the clock is driven by hand, each round as the poller makes it.
import * as assert from 'node:assert/strict';
import { DEFAULT_INTERVALS, PollClock, scaleIntervals, type PollRound, type PollWork } from '../../src/core/polling/pollSchedule';

const S = 1000;
const MIN = 60 * S;

/** The rounds a poller with this clock makes from `from` to `until` (ms), as [time in s, what]. */
function rounds(clock: PollClock, work: (now: number) => PollWork, from: number, until: number): [number, string][] {
  const seen: [number, string][] = [];
  let now = from;
  for (;;) {
    const wait = clock.wait(now, work(now));
    if (wait === undefined || now + wait > until) return seen;
    now += wait;
    const due: PollRound = clock.due(now, work(now));
    clock.polled(now, due);
    const what = [due.byId ? 'byId' : '', due.lists ? 'lists' : ''].filter(Boolean).join('+');
    if (what) seen.push([now / S, what]);
  }
}

const idle: PollWork = { following: false, watching: true, branchBusy: false };

describe('poll schedule', () => {
  it('follows a build 10, 20, 40 s apart, then once a minute', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.startFollowing(0);
    const times = rounds(clock, () => ({ following: true, watching: false, branchBusy: false }), 0, 5 * MIN).map(([t]) => t);
    assert.deepEqual(times, [10, 30, 70, 130, 190, 250]);
  });

  it('a new build followed starts the pace again from 10 s', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.startFollowing(0);
    const following = { following: true, watching: false, branchBusy: false };
    assert.deepEqual(
      rounds(clock, () => following, 0, 100 * S),
      [
        [10, 'byId'],
        [30, 'byId'],
        [70, 'byId'],
      ],
    );
    clock.startFollowing(100 * S);
    assert.deepEqual(
      rounds(clock, () => following, 100 * S, 200 * S).map(([t]) => t),
      [110, 130, 170],
    );
  });

  it('looks at a branch with nothing running once a minute: 10 lists per app in 10 minutes', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.branchLoaded(0);
    const seen = rounds(clock, () => idle, 0, 10 * MIN);
    assert.deepEqual(
      seen.map(([t]) => t),
      [60, 120, 180, 240, 300, 360, 420, 480, 540, 600],
    );
    assert.ok(seen.every(([, what]) => what === 'lists'));
  });

  it('nothing to follow or watch: no round at all', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    assert.equal(clock.wait(0, { following: false, watching: false, branchBusy: false }), undefined);
  });

  it('after a push or a branch switch: every 15 s for two minutes, then once a minute again', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.branchLoaded(0);
    assert.deepEqual(
      rounds(clock, () => idle, 0, 60 * S),
      [[60, 'lists']],
    );
    clock.lookSoon(100 * S);
    // The last look was 40 s before the push, more than 15 s: the next one is at once.
    const times = rounds(clock, () => idle, 100 * S, 400 * S).map(([t]) => t);
    assert.deepEqual(times, [100, 115, 130, 145, 160, 175, 190, 205, 220, 280, 340, 400]);
  });

  it("while a build of the branch runs, its lists follow it at the following pace; once it ended, a minute's pace", () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.branchLoaded(0);
    clock.startFollowing(30 * S); // a new build found at 30 s
    const work = (now: number): PollWork => ({ following: false, watching: true, branchBusy: now <= 120 * S });
    assert.deepEqual(
      rounds(clock, work, 30 * S, 400 * S).map(([t]) => t),
      [40, 60, 100, 160, 220, 280, 340, 400],
    );
  });

  it('followed builds of other branches keep their own pace: the idle branch is still listed once a minute', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.branchLoaded(0);
    clock.startFollowing(0);
    const both: PollWork = { following: true, watching: true, branchBusy: false };
    assert.deepEqual(
      rounds(clock, () => both, 0, 130 * S),
      [
        [10, 'byId'],
        [30, 'byId'],
        [60, 'lists'],
        [70, 'byId'],
        [120, 'lists'],
        [130, 'byId'],
      ],
    );
  });

  it('focused again: the followed builds at once, the idle branch not before its minute', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.branchLoaded(0);
    clock.startFollowing(0);
    const both: PollWork = { following: true, watching: true, branchBusy: false };
    clock.polled(10 * S, clock.due(10 * S, both));
    clock.focused();
    assert.deepEqual(clock.due(12 * S, both), { byId: true, lists: false });
    clock.polled(12 * S, { byId: true, lists: false });
    assert.deepEqual(clock.due(13 * S, both), { byId: false, lists: false });
    // While the branch itself runs a build, its lists are how it is followed: caught up with too.
    clock.focused();
    assert.deepEqual(clock.due(14 * S, { following: false, watching: true, branchBusy: true }), { byId: false, lists: true });
  });

  it('a time scale runs the same schedule faster', () => {
    const scaled = scaleIntervals(DEFAULT_INTERVALS, 1 / 60);
    assert.deepEqual(scaled, { firstMs: 167, maxMs: 1000, branchIdleMs: 1000, branchSoonMs: 250, soonForMs: 2000 });
    const clock = new PollClock(scaled);
    clock.branchLoaded(0);
    assert.equal(rounds(clock, () => idle, 0, 10 * S).length, 10);
  });
});
