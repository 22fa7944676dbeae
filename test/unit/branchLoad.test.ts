// The Current Branch rules in plain Node, against the reference service over real HTTP: which state
// the workspace is in, which apps build the repository, and the latest build of the branch for each.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/api/errors';
import { branchToLoad, gitBranch, loadBranch } from '../../src/core/branch/branchLoad';
import { orNone } from '../../src/core/builds/latestBuild';
import { readStored, sweep, type StoredRepos } from '../../src/core/apps/appRepos';
import { rowBuild, withBuild, type BranchState } from '../../src/core/branch/branchState';
import { TrackedBuilds } from '../../src/core/builds/trackedBuilds';
import { useReferenceService } from './clientFixture';
import { waitFor } from '../integration/wait';

const REMOTE_2048 = 'https://github.com/MyOrg/2048';
const repo = (branch?: string) => ({ kind: 'repository' as const, root: '/r', branch, remoteUrls: [REMOTE_2048] });

describe('current branch rules', () => {
  const fixture = useReferenceService();

  /** `kept` stands for what globalState keeps across windows. */
  function sources(client = fixture.client(), kept: { stored: StoredRepos } = { stored: readStored(undefined) }) {
    return {
      account: fixture.service.baseUrl,
      apps: () => client.listApps(),
      repoUrls: async (apps: readonly { id: string }[]) => {
        const ask = async (appId: string) => (await orNone(client.getLatestBuild(appId)))?.repoUrl;
        const appIds = apps.map((app) => app.id);
        kept.stored = await sweep(kept.stored, appIds, ask, { now: Date.now });
        return (id: string) => kept.stored.repos[id] ?? undefined;
      },
      getLatestBuild: (appId: string, options: { branch: string }) => client.getLatestBuild(appId, options),
    };
  }

  it('says why nothing is loaded before asking the service', () => {
    const ready = { kind: 'ready' } as const;
    assert.deepEqual(branchToLoad({ kind: 'no-git' }, ready), { kind: 'no-git' });
    assert.deepEqual(branchToLoad(repo(undefined), ready), { kind: 'detached' });
    assert.deepEqual(branchToLoad(repo('develop'), { kind: 'not-configured' }), { kind: 'not-configured' });
    assert.deepEqual(branchToLoad(repo('develop'), { kind: 'no-token' }), { kind: 'no-token' });
    assert.deepEqual(branchToLoad(repo('develop'), ready), { kind: 'load', branch: 'develop' });
    // An invalid address is a failure of the branch, in the words of every other place that meets it.
    const invalid = branchToLoad(repo('develop'), { kind: 'invalid-setting', problem: 'it must end in /v1' });
    assert.ok(invalid.kind === 'failed' && invalid.error instanceof ApiError, JSON.stringify(invalid));
    assert.deepEqual([invalid.branch, invalid.error.kind, invalid.error.problem], ['develop', 'invalid-setting', 'it must end in /v1']);
    // What Git alone settles needs no connection (and so no client) at all.
    assert.deepEqual(gitBranch({ kind: 'no-repository' }), { settled: { kind: 'no-repository' } });
    assert.deepEqual(gitBranch(repo(undefined)), { settled: { kind: 'detached' } });
    assert.deepEqual(gitBranch(repo('develop')), { branch: 'develop' });
  });

  it('finds the apps whose builds come from a remote of the repository, with their latest build of the branch', async () => {
    const state = await loadBranch('develop', [REMOTE_2048], '', sources());
    assert.ok(state.kind === 'builds');
    const expected = fixture.service.data.apps.filter((a) =>
      fixture.service.data.builds.some((b) => b.app_id === a._id && /myorg\/2048/i.test(b.repo_url ?? '')),
    );
    assert.deepEqual(state.entries.map((e) => e.app.id).sort(), expected.map((a) => a._id).sort());
    for (const entry of state.entries) assert.equal(entry.held?.build.commit.branch, 'develop');
  });

  it('a window that knows which repository each app builds asks for the app list and the matching apps only', async () => {
    const kept = { stored: readStored(undefined) };
    const apps = fixture.service.data.apps.length;
    const cold = await loadBranch('develop', [REMOTE_2048], '', sources(fixture.client(), kept));
    assert.ok(cold.kind === 'builds');
    const matched = cold.entries.length;
    assert.equal(fixture.service.requests.length, 1 + apps + matched, 'cold: the list, every app once, the matching apps');
    fixture.service.clearRequests();
    const warm = await loadBranch('develop', [REMOTE_2048], '', sources(fixture.client(), kept));
    assert.deepEqual(warm, cold);
    assert.deepEqual(
      fixture.service.requests.map((r) => r.route),
      ['GET /apps', ...Array<string>(matched).fill('GET /apps/:app_id/build/latest')],
      'warm: the list and the matching apps',
    );
    // An app the account did not list before is asked about, and only it.
    fixture.service.data.apps.push({ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', app_name: 'New app', platform: 'ios' });
    fixture.service.clearRequests();
    await loadBranch('develop', [REMOTE_2048], '', sources(fixture.client(), kept));
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/build/latest', 'aaaaaaaaaaaaaaaaaaaaaaaa').length, 1);
    assert.equal(fixture.service.requests.length, 1 + 1 + matched);
  });

  it('a pinned app is the only one, and one the token does not list is named', async () => {
    const pinned = fixture.service.data.apps[0]._id;
    const state = await loadBranch('develop', [], pinned, sources());
    assert.ok(state.kind === 'builds' && state.pinned);
    assert.deepEqual(
      state.entries.map((e) => e.app.id),
      [pinned],
    );
    assert.deepEqual(await loadBranch('develop', [], 'ffffffffffffffffffffffff', sources()), {
      kind: 'no-app',
      branch: 'develop',
      pinnedId: 'ffffffffffffffffffffffff',
    });
  });

  it('an app the service lists twice is one row (the first), pinned or matched by repository', async () => {
    const [ios] = fixture.service.data.apps;
    fixture.service.data.apps.push({ ...ios, app_name: 'A second 2048 iOS App' });
    const matched = await loadBranch('develop', [REMOTE_2048], '', sources());
    assert.ok(matched.kind === 'builds');
    assert.deepEqual(
      matched.entries.filter((e) => e.app.id === ios._id).map((e) => e.app.name),
      [ios.app_name],
    );
    const pinned = await loadBranch('develop', [], ios._id, sources());
    assert.ok(pinned.kind === 'builds');
    assert.deepEqual(
      pinned.entries.map((e) => e.app.name),
      [ios.app_name],
    );
  });

  it('a pinned id of another shape ("1") and a hexadecimal one typed in capitals find their app', async () => {
    for (const [pinned, expected] of [
      ['1', '1'],
      [fixture.service.data.apps[0]._id, fixture.service.data.apps[0]._id],
    ]) {
      const state = await loadBranch('develop', [], pinned, sources());
      assert.ok(state.kind === 'builds', `${pinned}: ${state.kind}`);
      assert.deepEqual(
        state.entries.map((e) => e.app.id),
        [expected],
      );
    }
    fixture.service.data.apps[0]._id = fixture.service.data.apps[0]._id.toUpperCase();
    const upper = await loadBranch('develop', [], fixture.service.data.apps[0]._id.toLowerCase(), sources());
    assert.ok(upper.kind === 'builds' && upper.entries.length === 1);
  });

  it('a branch without builds leaves the app in the list with no build, rather than failing', async () => {
    const state = await loadBranch('never-built', [REMOTE_2048], '', sources());
    assert.ok(state.kind === 'builds' && state.entries.length > 0);
    assert.ok(state.entries.every((e) => e.held === undefined));
  });

  it('a sweep whose answers drip for ever fails at the deadline, holds no slot and asks no further app', async () => {
    fixture.service.setFault('GET /apps/:app_id/build/latest', { dripEveryMs: 40 });
    const client = fixture.client({ timeoutMs: 300 });
    assert.ok(fixture.service.data.apps.length > 4);
    await assert.rejects(loadBranch('develop', [REMOTE_2048], '', sources(client)), (e: ApiError) => e.kind === 'timeout');
    await waitFor(() => client.inFlight === 0, 'the other three end at their own deadlines');
    assert.equal(fixture.service.requestsTo('GET /apps/:app_id/build/latest').length, 4, 'the four that filled the slots, no more');
  });

  it("a triggered build takes its app's place, only on its branch", async () => {
    const state = (await loadBranch('develop', [REMOTE_2048], '', sources())) as Extract<BranchState, { kind: 'builds' }>;
    const shown = state.entries[0].held!.build;
    const newer = { ...shown, id: 'new-build', buildNumber: 999 };
    const withNew = withBuild(state, newer);
    assert.equal((withNew as typeof state).entries[0].held?.build.id, 'new-build');
    assert.equal(withBuild(state, { ...newer, commit: { ...newer.commit, branch: 'other' } }), state, 'another branch changes nothing');
    assert.equal((withNew as typeof state).entries.length, state.entries.length, 'no row added');
  });

  it("a row reads its build through the tracker's hold: a copied state still shows the tracker's latest copy", async () => {
    const loaded = (await loadBranch('develop', [REMOTE_2048], '', sources())) as Extract<BranchState, { kind: 'builds' }>;
    assert.ok(loaded.entries.length >= 2, 'two apps build the repository');
    const tracker = new TrackedBuilds();
    const [first, second] = loaded.entries;
    const running = { ...first.held!.build, finished: false, status: 'running' as const };
    const held = {
      ...loaded,
      entries: loaded.entries.map((e) => (e === first ? { app: e.app, held: tracker.hold('a', running, false).entry } : e)),
    };
    // Another app's new build: every other row is carried over, spread into a new state.
    const next = withBuild(held, { ...second.held!.build, id: 'newer' }) as typeof loaded;
    const copied = { ...next, entries: next.entries.map((e) => ({ ...e })) };
    tracker.record('a', { ...running, finished: true, status: 'success' }, false);
    assert.equal(rowBuild(copied.entries[0])?.status, 'success', "the tracker's copy, not the one the row had when copied");
    assert.equal(rowBuild(copied.entries[1])?.id, 'newer');
  });
});
