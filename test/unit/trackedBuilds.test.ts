// One home for a build's state, in plain Node: the latest copy of each build held, followed while
// anyone holds it unfinished, and its end told once.
import * as assert from 'node:assert/strict';
import type { Build, BuildStatus } from '../../src/api';
import { FOLLOW_CAP, TrackedBuilds } from '../../src/core/builds/trackedBuilds';
import { aBuild } from '../builders';

const build = (id: string, status: BuildStatus): Build => aBuild({ id, appId: 'a', status });

const A = 'https://builds.example/v1';
const ids = (tracked: TrackedBuilds) => tracked.followed.map((f) => f.build.id);

describe('tracked builds', () => {
  it('follows only unfinished builds; a second hold does not start it again', () => {
    const tracked = new TrackedBuilds();
    assert.equal(tracked.hold(A, build('done', 'success'), false).started, false);
    assert.equal(tracked.hold(A, build('b1', 'queued'), false).started, true);
    assert.equal(tracked.hold(A, build('b1', 'queued'), false).started, false);
    assert.deepEqual(ids(tracked), ['b1']);
    assert.equal(tracked.get(A, 'done')?.status, 'success', 'a finished build held is kept, not followed');
  });

  it('a fresh copy is news only when it differs; a finished one is its end, told once', () => {
    const tracked = new TrackedBuilds();
    tracked.hold(A, build('b1', 'queued'), false);
    assert.deepEqual(tracked.record(A, build('b1', 'queued')), { changed: false });
    assert.deepEqual(tracked.record(A, build('b1', 'running')), { changed: true });
    assert.deepEqual(tracked.record(A, build('b1', 'failed')), { changed: true, ended: 'seen' });
    assert.deepEqual(ids(tracked), [], 'finished: not followed');
    assert.deepEqual(tracked.record(A, build('b1', 'failed')), { changed: false }, 'still held, its end already told');
    assert.deepEqual(tracked.record(A, build('b1', 'running')), { changed: false }, 'an old copy does not make it run again');
    assert.equal(tracked.record(A, build('other', 'running')), undefined, 'nobody holds it');
  });

  it('stays followed while any holder is left: letting go of one view does not stop it for another', () => {
    const tracked = new TrackedBuilds();
    const apps = tracked.hold(A, build('b1', 'running'), false).entry;
    const branch = tracked.hold(A, build('b1', 'running'), false).entry;
    tracked.release(apps, false);
    assert.deepEqual(ids(tracked), ['b1']);
    assert.deepEqual(tracked.record(A, build('b1', 'success')), { changed: true, ended: 'seen' });
    tracked.release(branch, false);
    assert.equal(tracked.get(A, 'b1'), undefined, 'the last hold forgets it');
  });

  it('a build triggered here is announced as triggered, even when it is also shown; its own hold ends with it', () => {
    const tracked = new TrackedBuilds();
    const shown = tracked.hold(A, build('b1', 'running'), false).entry;
    const mine = tracked.hold(A, build('b1', 'running'), true).entry;
    tracked.release(shown, false);
    assert.deepEqual(ids(tracked), ['b1'], 'the triggered hold keeps it followed');
    assert.equal(tracked.record(A, build('b1', 'success'))?.ended, 'triggered');
    assert.equal(tracked.get(A, 'b1'), undefined, 'nobody else held it');
    tracked.release(mine, true); // a late dispose changes nothing
    assert.deepEqual(ids(tracked), []);
  });

  it('a build triggered here and read back already finished: its end is said once, as triggered, and no hold stays', () => {
    const tracked = new TrackedBuilds();
    const { entry, started, recorded } = tracked.hold(A, build('t1', 'failed'), true);
    assert.equal(started, false);
    assert.deepEqual(recorded, { changed: true, ended: 'triggered' });
    assert.equal(tracked.get(A, 't1'), undefined, 'nothing of it is kept: nobody lets go of a triggered hold');
    tracked.release(entry, true); // a late dispose changes nothing
    const shown = tracked.hold(A, build('t1', 'failed'), false);
    assert.deepEqual(shown.recorded, { changed: false }, 'a view that shows it later gets no second end');
    tracked.release(shown.entry, false);
    assert.equal(tracked.get(A, 't1'), undefined);
  });

  it('a build triggered here whose end the poller saw first (its read-back failed, Current Branch showed it): the late read-back says its end as triggered, once', () => {
    const tracked = new TrackedBuilds();
    const row = tracked.hold(A, build('t2', 'running'), false);
    assert.equal(tracked.record(A, build('t2', 'failed'))?.ended, 'seen', 'not yet known as triggered here');
    const late = tracked.hold(A, build('t2', 'failed'), true);
    assert.deepEqual(late.recorded, { changed: false, ended: 'triggered' });
    assert.deepEqual(tracked.hold(A, build('t2', 'failed'), true).recorded, { changed: false }, 'said once');
    tracked.release(late.entry, true);
    assert.equal(tracked.get(A, 't2')?.status, 'failed', "the row's hold stays");
    tracked.release(row.entry, false);
    assert.equal(tracked.get(A, 't2'), undefined);
  });

  it('a new build of a watched branch is news, and its end when it is seen already finished', () => {
    const tracked = new TrackedBuilds();
    assert.deepEqual(tracked.record(A, build('n1', 'running'), true), { changed: true, ended: undefined });
    assert.deepEqual(tracked.record(A, build('n2', 'success'), true), { changed: true, ended: 'seen' });
    tracked.hold(A, build('n3', 'success'), false);
    assert.equal(tracked.record(A, build('n3', 'success'), true)?.ended, undefined, 'shown finished before: no end to tell');
  });

  it("two accounts' builds of one id are kept apart: news of one is not news of the other", () => {
    const tracked = new TrackedBuilds();
    const B = 'https://staging.example/v1';
    tracked.hold(A, build('b1', 'running'), false);
    tracked.hold(B, build('b1', 'running'), true);
    assert.deepEqual(tracked.record(B, build('b1', 'failed')), { changed: true, ended: 'triggered' });
    assert.equal(tracked.isFollowed(A, 'b1'), true, "the other account's build of that id is still running");
    assert.deepEqual(tracked.record(A, build('b1', 'running')), { changed: false });
    tracked.drop((owner) => owner === A);
    assert.deepEqual(ids(tracked), []);
  });
});

// Issue 42: a service that answers 10,000 builds where 10 were asked. The poller reads what is followed
// after every hold and release; what that costs is `npm run bench` (tracker holds), not a timed test.
describe('tracked builds: many held', () => {
  it('holding and letting go of 10,000 builds, 10 of them running: exactly those 10 are followed, then none', () => {
    const tracked = new TrackedBuilds();
    const entries = [];
    for (let i = 0; i < 10_000; i++) {
      entries.push(tracked.hold(A, build(`b${i}`, i % 1_000 === 0 ? 'running' : 'success'), false).entry);
    }
    assert.deepEqual(
      tracked.followed.map((f) => f.build.id),
      Array.from({ length: 10 }, (_, k) => `b${k * 1_000}`),
    );
    for (const entry of entries) tracked.release(entry, false);
    assert.equal(tracked.followed.length, 0);
  });

  it('10,000 running builds held: each known, 200 of them followed', () => {
    const tracked = new TrackedBuilds();
    for (let i = 0; i < 10_000; i++) tracked.hold(A, build(`b${i}`, 'running'), false);
    for (let i = 0; i < 10_000; i++) assert.equal(tracked.get(A, `b${i}`)?.status, 'running');
    assert.equal(tracked.followed.length, FOLLOW_CAP);
    assert.ok(tracked.isFollowed(A, 'b0') && !tracked.isFollowed(A, `b${FOLLOW_CAP}`), 'the first held are followed');
  });

  it('an account follows at most FOLLOW_CAP builds; one that ends or is let go of makes room for the one held longest', () => {
    const tracked = new TrackedBuilds(3);
    const B = 'https://staging.example/v1';
    const held = ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => tracked.hold(A, build(id, 'running'), false));
    assert.deepEqual(
      held.map((h) => [h.started, h.capped]),
      [
        [true, false],
        [true, false],
        [true, false],
        [false, true],
        [false, true],
      ],
    );
    assert.deepEqual(ids(tracked), ['r1', 'r2', 'r3']);
    assert.equal(tracked.get(A, 'r5')?.status, 'running', 'held beyond the cap: shown');
    assert.equal(tracked.hold(B, build('s1', 'running'), false).capped, false, 'the cap is per account');
    tracked.record(A, build('r2', 'success'));
    assert.deepEqual(ids(tracked), ['r1', 'r3', 's1', 'r4'], 'r2 ended: r4 is followed');
    tracked.release(held[4].entry, false);
    tracked.release(held[0].entry, false);
    assert.deepEqual(ids(tracked), ['r3', 's1', 'r4'], 'r5 let go of while waiting: nothing waits any more');
    tracked.forget(A, 'r3');
    tracked.hold(A, build('r6', 'queued'), false);
    tracked.hold(A, build('r7', 'queued'), false);
    assert.deepEqual(ids(tracked), ['s1', 'r4', 'r6', 'r7']);
    assert.equal(tracked.hold(A, build('r8', 'queued'), false).capped, true);
    tracked.drop((owner) => owner === A);
    assert.deepEqual(ids(tracked), ['s1']);
    assert.equal(tracked.hold(A, build('r9', 'queued'), false).started, true, 'after a drop, the account starts from none');
  });

  it('what is followed stays right through ends, forgets and drops', () => {
    const tracked = new TrackedBuilds();
    const B = 'https://staging.example/v1';
    tracked.hold(A, build('r1', 'running'), false);
    tracked.hold(A, build('r2', 'running'), false);
    tracked.hold(A, build('r2', 'running'), true);
    tracked.hold(B, build('r3', 'queued'), false);
    tracked.record(A, build('r2', 'success'));
    assert.deepEqual(ids(tracked), ['r1', 'r3'], 'r2 ended, still shown');
    tracked.hold(A, build('r2', 'running'), false);
    assert.deepEqual(ids(tracked), ['r1', 'r3'], 'an older copy does not follow it again');
    tracked.forget(A, 'r1');
    assert.equal(tracked.isFollowed(A, 'r1'), false);
    tracked.drop((owner) => owner === B);
    assert.deepEqual(ids(tracked), []);
  });
});
