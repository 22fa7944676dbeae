// The polling plan in plain Node: which lists a round asks for, given what is followed and which
// branches Current Branch shows, each with its account.
import * as assert from 'node:assert/strict';
import type { Build } from '../../src/api/models';
import type { WatchedBranch } from '../../src/core/branch/branchWatch';
import { followedToAsk, nextWait, NOTHING_ANSWERED, planRound, pollWork, type PlanInput } from '../../src/core/polling/pollPlan';
import { DEFAULT_INTERVALS, PollClock } from '../../src/core/polling/pollSchedule';
import { aBuild } from '../builders';
import { buildKey } from '../../src/core/builds/trackedBuilds';

const A = 'https://builds.example/v1';
const B = 'https://staging.example/v1';
const S = 1000;

const running = (id: string, appId: string | undefined, branch: string): Build => aBuild({ id, appId, status: 'running', branch });

const develop = (account: string, ...apps: string[]): WatchedBranch => ({
  branch: 'develop',
  account,
  latest: new Map(apps.map((app) => [app, undefined])),
});

describe('the polling plan', () => {
  it('nothing followed, nothing shown: no round is ever due', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    assert.equal(nextWait(clock, 0, { followed: [], watched: [] }), undefined);
  });

  it("a build of the branch shown is carried by that branch's list: no request of its own", () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.branchLoaded(0);
    clock.startFollowing(0);
    const input: PlanInput = { followed: [{ owner: A, build: running('b1', 'ios', 'develop') }], watched: [develop(A, 'ios', 'android')] };
    assert.deepEqual(pollWork(input), { following: false, watching: true, branchBusy: true });
    const wait = nextWait(clock, 0, input);
    assert.equal(wait, 10 * S, 'the branch runs a build: lists at the following pace');
    const { due, branchLists } = planRound(clock, 10 * S, input);
    assert.deepEqual(
      branchLists.map((l) => [l.owner, l.appId, l.branch, l.limit]),
      [
        [A, 'ios', 'develop', 5],
        [A, 'android', 'develop', 5],
      ],
    );
    const listed = { listed: new Set([buildKey(A, 'b1')]), unanswered: new Set<string>() };
    assert.deepEqual(followedToAsk(input, due, listed), [], 'the list held it');
    assert.deepEqual(
      followedToAsk(input, due, NOTHING_ANSWERED).map((f) => f.lists.map((l) => l.ids)),
      [[['b1']]],
      'not in the list (more than five newer builds): asked for with its app',
    );
    const failed = { listed: new Set<string>(), unanswered: new Set([buildKey(A, 'ios')]) };
    assert.deepEqual(followedToAsk(input, due, failed), [], "its app's list failed: asking again alone would fail too");
  });

  it("another account's build of the same app and branch is not carried by this account's list", () => {
    const input: PlanInput = { followed: [{ owner: B, build: running('b1', 'ios', 'develop') }], watched: [develop(A, 'ios')] };
    assert.deepEqual(pollWork(input), { following: true, watching: true, branchBusy: false });
    const asked = followedToAsk(input, { byId: true, lists: true }, NOTHING_ANSWERED);
    assert.deepEqual(
      asked.map((f) => [f.owner, f.lists.map((l) => [l.appId, l.ids, l.limit])]),
      [[B, [['ios', ['b1'], 21]]]],
    );
  });

  it("followed builds are asked for per account and app, one list each; a build without an app alone; only in a follower's round", () => {
    const input: PlanInput = {
      followed: [
        { owner: A, build: running('a1', 'ios', 'master') },
        { owner: A, build: running('a2', 'ios', 'feature') },
        { owner: A, build: running('a3', undefined, 'master') },
        { owner: B, build: running('b1', 'android', 'master') },
      ],
      watched: [],
    };
    assert.deepEqual(followedToAsk(input, { byId: false, lists: true }, NOTHING_ANSWERED), [], 'not their round');
    const asked = followedToAsk(input, { byId: true, lists: false }, NOTHING_ANSWERED);
    assert.deepEqual(
      asked.map((f) => [f.owner, f.lists.map((l) => [l.appId, l.ids, l.limit]), f.alone]),
      [
        [A, [['ios', ['a1', 'a2'], 22]], ['a3']],
        [B, [['android', ['b1'], 21]], []],
      ],
    );
  });

  it('a shown branch with nothing running is listed once a minute, no build asked for', () => {
    const clock = new PollClock(DEFAULT_INTERVALS);
    clock.branchLoaded(0);
    const input: PlanInput = { followed: [], watched: [develop(A, 'ios')] };
    assert.equal(nextWait(clock, 0, input), 60 * S);
    assert.deepEqual(planRound(clock, 30 * S, input).branchLists, [], 'not due yet');
    assert.equal(planRound(clock, 60 * S, input).branchLists.length, 1);
  });
});
