// The current branch kept current, in plain Node: what the poller watches, what a list of the branch's
// builds means, and what Git's changes count as a push.
import * as assert from 'node:assert/strict';
import type { App, Build } from '../../src/api/models';
import type { BranchState } from '../../src/core/branch/branchState';
import { carries, newLatest, pushed, sameApps, sameLatest, watchedBranchOf, type GitHead } from '../../src/core/branch/branchWatch';
import { aBuild, type BuildFields } from '../builders';

const ios: App = { id: 'ios', name: '2048 iOS App', platform: 'ios' };
const android: App = { id: 'android', name: '2048 Android App', platform: 'android' };

const build = (id: string, fields: BuildFields = {}): Build => aBuild({ id, appId: 'ios', status: 'failed', branch: 'develop', ...fields });

const A = 'https://builds.example/v1';

function builds(branch: string, ...entries: [App, Build | undefined][]): BranchState {
  return { kind: 'builds', branch, pinned: false, entries: entries.map(([app, b]) => (b ? { app, held: { build: b } } : { app })) };
}

describe('the branch the poller watches', () => {
  it('is the branch and the apps the Current Branch view shows, with the build shown for each', () => {
    const watch = watchedBranchOf(builds('develop', [ios, build('b1')], [android, undefined]), A);
    assert.equal(watch?.branch, 'develop');
    assert.deepEqual(
      [...(watch?.latest ?? [])],
      [
        ['ios', 'b1'],
        ['android', undefined],
      ],
    );
    for (const state of [{ kind: 'loading', branch: 'develop' }, { kind: 'no-git' }, builds('develop')] as BranchState[])
      assert.equal(watchedBranchOf(state, A), undefined, state.kind);
  });

  it('tells a newer build shown apart from another branch or other apps', () => {
    const a = watchedBranchOf(builds('develop', [ios, build('b1')]), A);
    const newer = watchedBranchOf(builds('develop', [ios, build('b2')]), A);
    const master = watchedBranchOf(builds('master', [ios, build('b1')]), A);
    assert.ok(sameApps(a, newer) && !sameLatest(a, newer));
    assert.ok(!sameApps(a, master));
    assert.ok(sameLatest(a, watchedBranchOf(builds('develop', [ios, build('b1', { status: 'success' })]), A)));
    assert.ok(!sameApps(a, undefined) && sameLatest(undefined, undefined));
  });

  it("carries the followed builds of its apps on its branch, not another branch's or app's", () => {
    const watch = watchedBranchOf(builds('develop', [ios, build('b1')]), A);
    assert.ok(carries(watch, build('x')));
    assert.ok(!carries(watch, build('x', { branch: 'master' })));
    assert.ok(!carries(watch, build('x', { appId: 'android' })));
    assert.ok(!carries(undefined, build('x')));
  });

  it("finds a newer build in the app's list (newest first), and nothing when the newest is the one shown", () => {
    const watch = watchedBranchOf(builds('develop', [ios, build('b1')], [android, undefined]), A);
    assert.ok(watch);
    const queued = build('b2', { status: 'queued', finished: false });
    assert.equal(newLatest(watch, 'ios', [queued, build('b1')]), queued);
    assert.equal(newLatest(watch, 'ios', [build('b1'), build('b0')]), undefined);
    assert.equal(newLatest(watch, 'ios', []), undefined);
    const first = build('a1', { appId: 'android' });
    assert.equal(newLatest(watch, 'android', [first]), first, 'the first build of a branch that had none');
  });
});

describe('a push, as Git tells it', () => {
  const before: GitHead = { branch: '/r develop', upstream: 'origin/develop', upstreamCommit: 'c1', ahead: 2 };

  it('is the upstream moving or appearing, or the commits ahead of it going', () => {
    assert.ok(pushed(before, { ...before, upstreamCommit: 'c2', ahead: 0 }));
    assert.ok(pushed(before, { ...before, ahead: 0 }), 'ahead 2 → 0, the upstream commit unknown');
    assert.ok(pushed({ branch: '/r topic' }, { branch: '/r topic', upstream: 'origin/topic', ahead: 0 }), 'the first push, -u');
  });

  it('is not a commit, a checkout or the first look', () => {
    assert.ok(!pushed(before, { ...before, ahead: 3 }), 'a commit');
    assert.ok(!pushed(before, { branch: '/r master', upstream: 'origin/master', upstreamCommit: 'c9', ahead: 0 }), 'a checkout');
    assert.ok(!pushed(undefined, before));
    assert.ok(!pushed(before, { branch: '/r develop' }), 'no upstream any more');
  });
});
