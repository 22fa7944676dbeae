// Polling and a service that asks to wait, in plain Node: each round as the poller makes it, every answer failing.
import * as assert from 'node:assert/strict';
import type { Build } from '../../src/api/models';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS, PollPauses } from '../../src/core/polling/pollPause';
import { nextWait, planRound, type PlanInput } from '../../src/core/polling/pollPlan';
import { DEFAULT_INTERVALS, PollClock } from '../../src/core/polling/pollSchedule';
import { aBuild } from '../builders';

const A = 'https://builds.example/v1';
const B = 'https://staging.example/v1';
const S = 1000;

const running = (id: string, appId: string, branch: string): Build => aBuild({ id, appId, status: 'running', branch });

const input: PlanInput = {
  followed: [{ owner: A, build: running('b1', 'ios', 'feature') }],
  watched: [{ branch: 'develop', account: A, latest: new Map([['ios', undefined]]) }],
};

/** The times (s) of the rounds that ask `owner` anything until `until`; each asked round answers `answer`. */
function asked(clock: PollClock, pauses: PollPauses, plan: PlanInput, until: number, answer: (owner: string) => number | 'ok' | 'fail') {
  const seen: [number, string][] = [];
  let now = 0;
  for (let rounds = 0; rounds < 10_000; rounds++) {
    const wait = nextWait(clock, now, plan, pauses);
    if (wait === undefined || now + wait > until) return seen;
    now += wait;
    const { due, branchLists } = planRound(clock, now, plan, pauses);
    const owners = new Set(branchLists.map((l) => l.owner));
    if (due.byId) for (const f of plan.followed) if (pauses.pausedUntil(f.owner, now) === undefined) owners.add(f.owner);
    for (const owner of owners) {
      seen.push([now / S, owner]);
      const result = answer(owner);
      if (result === 'ok') pauses.succeeded(owner);
      else pauses.failed(owner, now, result === 'fail' ? undefined : result);
    }
    clock.polled(now, due);
  }
  assert.fail('the plan never waited');
}

function started(): PollClock {
  const clock = new PollClock(DEFAULT_INTERVALS);
  clock.branchLoaded(0);
  clock.startFollowing(0);
  return clock;
}

describe('polling pauses', () => {
  it('every answer 429 with Retry-After: 600: nothing is asked for 600 s after each', () => {
    const times = asked(started(), new PollPauses(), input, 3600 * S, () => 600 * S).map(([t]) => t);
    assert.equal(times[0], 10);
    for (let i = 1; i < times.length; i++) assert.ok(times[i] - times[i - 1] >= 600, `asked again after ${times[i] - times[i - 1]} s`);
    assert.ok(times.length <= 6, `${times.length} rounds in an hour`);
  });

  it('repeated failures back off, doubling up to the ceiling; a success resets the pace', () => {
    const pauses = new PollPauses();
    let failing = true;
    const times = asked(started(), pauses, input, 3600 * S, () => (failing ? 'fail' : 'ok')).map(([t]) => t);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    assert.deepEqual(gaps.slice(0, 6), [20, 30, 60, 120, 240, 480], 'the first: the follow pace is longer than the backoff');
    assert.ok(gaps.slice(6).every((g) => g === MAX_BACKOFF_MS / S));
    failing = false;
    pauses.succeeded(A);
    assert.equal(pauses.failed(A, 0), false);
    assert.equal(pauses.pausedUntil(A, 0), FIRST_BACKOFF_MS);
  });

  it('a pause is per account: the other account is asked at its pace', () => {
    const both: PlanInput = { followed: input.followed, watched: [...input.watched, { ...input.watched[0], account: B }] };
    const seen = asked(started(), new PollPauses(), both, 300 * S, (owner) => (owner === A ? 600 * S : 'ok'));
    assert.deepEqual(
      seen.filter(([, o]) => o === A).map(([t]) => t),
      [10],
    );
    assert.ok(seen.filter(([, o]) => o === B).length >= 5);
  });

  it('Retry-After is honoured up to the ceiling; one notice an outage', () => {
    const pauses = new PollPauses();
    assert.equal(pauses.failed(A, 0, 24 * 3600 * S), true, 'the service asked to wait: said once');
    assert.equal(pauses.pausedUntil(A, 0), MAX_RETRY_AFTER_MS);
    assert.equal(pauses.failed(A, 0, 600 * S), false);
    assert.equal(pauses.failed(B, 0), false);
    assert.equal(pauses.failed(B, 0), false);
    assert.equal(pauses.failed(B, 0), true, 'the third failure in a row');
    assert.equal(pauses.failed(B, 0), false);
  });

  it('at a time scale (the test host), Retry-After and the backoff are scaled alike', () => {
    const pauses = new PollPauses(1 / 60);
    pauses.failed(A, 0, 600 * S);
    assert.equal(pauses.pausedUntil(A, 0), 10 * S, 'Retry-After: 600 lasts 10 s at 1/60');
    pauses.failed(B, 0);
    assert.equal(pauses.pausedUntil(B, 0), FIRST_BACKOFF_MS / 60);
    pauses.failed(A, 0, 24 * 3600 * S);
    assert.equal(pauses.pausedUntil(A, 0), MAX_RETRY_AFTER_MS / 60, 'the ceiling too');
  });
});
