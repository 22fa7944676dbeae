// What the poller decides about the builds it follows, in plain Node: which are followed, when a
// fresh copy is news, and which end is announced as the user's own.
import * as assert from 'node:assert/strict';
import type { Build, BuildStatus } from '../../src/api';
import { FollowedBuilds } from '../../src/core/builds/followedBuilds';

function build(id: string, status: BuildStatus): Build {
  const finished = status !== 'queued' && status !== 'running';
  return {
    id,
    appId: 'a',
    status,
    rawStatus: status,
    finished,
    commit: { tags: [] },
    testSummary: {},
    links: { download: [], install: [] },
  };
}

const A = 'https://builds.example/v1';

describe('followed builds', () => {
  it('follows only unfinished builds; a second reason does not start it again', () => {
    const followed = new FollowedBuilds();
    assert.deepEqual(followed.follow(A, build('done', 'success'), 'shown'), { started: false });
    assert.equal(followed.follow(A, build('b1', 'queued'), 'shown').started, true);
    assert.equal(followed.follow(A, build('b1', 'queued'), 'triggered').started, false);
    assert.deepEqual(followed.ids, ['b1']);
  });

  it('a fresh copy is news only when it differs; a finished one ends the following', () => {
    const followed = new FollowedBuilds();
    followed.follow(A, build('b1', 'queued'), 'shown');
    assert.deepEqual(followed.record(A, build('b1', 'queued')), { changed: false });
    assert.deepEqual(followed.record(A, build('b1', 'running')), { changed: true });
    assert.deepEqual(followed.record(A, build('b1', 'failed')), { changed: true, finished: 'shown' });
    assert.equal(followed.has(A, 'b1'), false);
    assert.equal(followed.record(A, build('b1', 'failed')), undefined, 'not followed any more');
  });

  it('a build triggered here is announced as triggered, even when it is also shown', () => {
    const followed = new FollowedBuilds();
    followed.follow(A, build('b1', 'running'), 'shown');
    followed.follow(A, build('b1', 'running'), 'triggered');
    assert.equal(followed.record(A, build('b1', 'success'))?.finished, 'triggered');
  });

  it('leaving a view lets go of shown builds but keeps the triggered ones', () => {
    const followed = new FollowedBuilds();
    followed.follow(A, build('shown', 'running'), 'shown');
    followed.follow(A, build('mine', 'running'), 'triggered');
    followed.follow(A, build('mine', 'running'), 'shown');
    followed.unfollow(A, 'shown', 'shown');
    followed.unfollow(A, 'mine', 'shown');
    assert.deepEqual(followed.ids, ['mine']);
    followed.unfollow(A, 'mine');
    assert.equal(followed.size, 0);
  });

  it('a list that shows a followed build finished counts as seeing it finish', () => {
    const followed = new FollowedBuilds();
    followed.follow(A, build('b1', 'running'), 'triggered');
    assert.deepEqual(followed.follow(A, build('b1', 'success'), 'shown'), {
      started: false,
      recorded: { changed: true, finished: 'triggered' },
    });
  });

  it("two accounts' builds of one id are followed apart: news of one is not news of the other", () => {
    const followed = new FollowedBuilds();
    const B = 'https://staging.example/v1';
    followed.follow(A, build('b1', 'running'), 'shown');
    followed.follow(B, build('b1', 'running'), 'triggered');
    assert.deepEqual(followed.record(B, build('b1', 'failed')), { changed: true, finished: 'triggered' });
    assert.equal(followed.has(A, 'b1'), true, "the other account's build of that id is still running");
    assert.deepEqual(followed.record(A, build('b1', 'running')), { changed: false });
    followed.drop((owner) => owner === A);
    assert.equal(followed.size, 0);
  });
});
