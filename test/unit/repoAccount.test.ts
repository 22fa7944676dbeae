// Which account a repository uses: the rule alone, then with two reference services (their apps over real HTTP).
import * as assert from 'node:assert/strict';
import { loadBranchAcross, type AccountBranchSources } from '../../src/core/branch/branchLoad';
import { orNone } from '../../src/core/builds/latestBuild';
import { matchesAcross } from '../../src/core/branch/matchApps';
import { accountFor, parsePin, resolvePin } from '../../src/core/accounts/repoAccount';
import { useReferenceService } from './clientFixture';

const A = 'https://a.example/v1';
const B = 'https://b.example/v1';
const IOS = 'git@github.com:o/ios.git';

describe('which account a repository uses', () => {
  const repos: Record<string, string> = { a1: IOS, a2: 'git@github.com:o/other.git', b1: 'https://github.com/O/iOS', b2: IOS };
  const source = (account: string, ids: string[]) => ({ account, apps: ids.map((id) => ({ id })), repoUrlOf: (id: string) => repos[id] });

  it('uses the only account whose apps build the repository, whatever was remembered', () => {
    const matches = matchesAcross([source(A, ['a2']), source(B, ['b1', 'b2'])], [IOS]);
    assert.deepEqual(accountFor(matches, undefined), { kind: 'use', account: B, apps: [{ id: 'b1' }, { id: 'b2' }] });
    // A choice made when A built it too: A builds it no more, so B is the one.
    assert.deepEqual(accountFor(matches, A), { kind: 'use', account: B, apps: [{ id: 'b1' }, { id: 'b2' }] });
    assert.deepEqual(accountFor(matchesAcross([source(A, ['a2'])], [IOS]), undefined), { kind: 'none' });
  });

  it('asks when apps of two accounts build it, and uses the remembered answer while that account is still one of them', () => {
    const matches = matchesAcross([source(A, ['a1', 'a2']), source(B, ['b1'])], [IOS]);
    assert.deepEqual(accountFor(matches, undefined), { kind: 'ask', accounts: [A, B] });
    assert.deepEqual(accountFor(matches, B), { kind: 'use', account: B, apps: [{ id: 'b1' }] });
    assert.deepEqual(accountFor(matches, A), { kind: 'use', account: A, apps: [{ id: 'a1' }] });
    // The remembered account was signed out: its apps are not among the matches, so the user is asked again.
    assert.deepEqual(accountFor(matches, 'https://gone.example/v1'), { kind: 'ask', accounts: [A, B] });
  });

  it('reads buildService.appId as an account label and an app id, or an app id alone', () => {
    assert.deepEqual(parsePin('58a4e0'), { appId: '58a4e0' });
    assert.deepEqual(parsePin('Staging (2)/58a4e0'), { label: 'Staging (2)', appId: '58a4e0' });
    assert.deepEqual(parsePin('a/b/c1'), { label: 'a/b', appId: 'c1' });
    const sources = [
      { account: A, label: 'production', apps: [{ id: 'shared' }, { id: 'only-a' }] },
      { account: B, label: 'Staging', apps: [{ id: 'shared' }, { id: 'only-b' }] },
    ];
    assert.deepEqual(resolvePin('only-b', sources), { kind: 'found', account: B, app: { id: 'only-b' } });
    assert.deepEqual(resolvePin('ONLY-A', sources), { kind: 'found', account: A, app: { id: 'only-a' } });
    assert.deepEqual(resolvePin('shared', sources), { kind: 'ambiguous', labels: ['production', 'Staging'] });
    assert.deepEqual(resolvePin('staging/shared', sources), { kind: 'found', account: B, app: { id: 'shared' } });
    assert.deepEqual(resolvePin('staging/only-a', sources), { kind: 'unknown' });
    assert.deepEqual(resolvePin('nobody/shared', sources), { kind: 'unknown' });
    assert.deepEqual(resolvePin('none', sources), { kind: 'unknown' });
  });

  describe('with two reference services', () => {
    const first = useReferenceService();
    const second = useReferenceService();

    function sourcesOf(fixture: ReturnType<typeof useReferenceService>, label: string, repoOf?: (id: string) => string | undefined) {
      const client = fixture.client();
      return {
        account: fixture.service.baseUrl,
        label,
        apps: () => client.listApps(),
        repoUrls: async (apps: readonly { id: string }[]) => {
          if (repoOf) return repoOf;
          const urls = new Map<string, string | undefined>();
          for (const { id } of apps) urls.set(id, (await orNone(client.getLatestBuild(id)))?.repoUrl);
          return (id: string) => urls.get(id);
        },
        getLatestBuild: (appId: string, options: { branch: string }) => client.getLatestBuild(appId, options),
      } satisfies AccountBranchSources;
    }

    it('loads the builds from the account that builds the repository, and asks only when both do', async () => {
      const remote = 'https://github.com/MyOrg/2048';
      const builders = first.service.data.apps.filter((a) =>
        first.service.data.builds.some((b) => b.app_id === a._id && /myorg\/2048/i.test(b.repo_url ?? '')),
      );
      assert.ok(builders.length > 0);
      // The second service's apps build another repository: the first account is used, nobody is asked.
      const asked: (readonly string[])[] = [];
      const choose = (accounts: readonly string[]) => {
        asked.push(accounts);
        return Promise.resolve(second.service.baseUrl);
      };
      const elsewhere = sourcesOf(second, 'second', () => 'https://github.com/else/where');
      const one = await loadBranchAcross('develop', [remote], '', [elsewhere, sourcesOf(first, 'first')], { choose });
      assert.equal(one.account, first.service.baseUrl);
      assert.ok(one.state.kind === 'builds');
      assert.deepEqual(one.state.entries.map((e) => e.app.id).sort(), builders.map((a) => a._id).sort());
      assert.deepEqual(asked, []);

      // Both build it: the user is asked once, and the answer decides which service the branch's builds come from.
      const both = [sourcesOf(first, 'first'), sourcesOf(second, 'second', () => remote)];
      const branchAsks = (fixture: typeof first) => fixture.service.requests.filter((r) => r.query.branch === 'develop').length;
      first.service.clearRequests();
      const chosen = await loadBranchAcross('develop', [remote], '', both, { choose });
      assert.deepEqual(asked, [[first.service.baseUrl, second.service.baseUrl]]);
      assert.equal(chosen.account, second.service.baseUrl);
      assert.ok(chosen.state.kind === 'builds' && chosen.state.entries.length > 0);
      assert.equal(branchAsks(first), 0);
      assert.equal(branchAsks(second), chosen.state.entries.length);

      // Remembered: nobody is asked.
      const again = await loadBranchAcross('develop', [remote], '', both, { choose, remembered: first.service.baseUrl });
      assert.equal(asked.length, 1);
      assert.equal(again.account, first.service.baseUrl);

      // Not answered: the section says several accounts build it and shows no account's builds.
      const dismissed = await loadBranchAcross('develop', [remote], '', both, { choose: () => Promise.resolve(undefined) });
      assert.deepEqual(dismissed, {
        state: { kind: 'choose-account', branch: 'develop', accounts: [first.service.baseUrl, second.service.baseUrl] },
        candidates: [first.service.baseUrl, second.service.baseUrl],
      });
      assert.deepEqual(again.candidates, [first.service.baseUrl, second.service.baseUrl]);
      assert.deepEqual(one.candidates, [first.service.baseUrl]);
    });

    it('an account that cannot be asked hides no other account’s builds; with no other, its failure is the load’s', async () => {
      const broken = {
        ...sourcesOf(second, 'second'),
        apps: () => second.client({ getToken: () => Promise.resolve('wrong-token') }).listApps(),
      };
      const skipped: string[] = [];
      const loaded = await loadBranchAcross('develop', ['https://github.com/MyOrg/2048'], '', [broken, sourcesOf(first, 'first')], {
        choose: () => Promise.resolve(undefined),
        skipped: (account) => skipped.push(account),
      });
      assert.equal(loaded.account, first.service.baseUrl);
      assert.deepEqual(skipped, [second.service.baseUrl]);
      await assert.rejects(
        loadBranchAcross('develop', ['https://github.com/MyOrg/2048'], '', [broken], { choose: () => Promise.resolve(undefined) }),
        (error: Error) => /auth|401|token/i.test(`${(error as { kind?: string }).kind ?? ''} ${error.message}`),
      );
    });

    it('a pinned app is found in the account that lists it, by its id or as label/id', async () => {
      const app = second.service.data.apps[0];
      const both = [sourcesOf(first, 'first'), sourcesOf(second, 'Second')];
      const byLabel = await loadBranchAcross('develop', [], `second/${app._id}`, both, { choose: () => Promise.resolve(undefined) });
      assert.equal(byLabel.account, second.service.baseUrl);
      assert.ok(byLabel.state.kind === 'builds' && byLabel.state.pinned);
      assert.deepEqual(
        byLabel.state.entries.map((e) => e.app.id),
        [app._id],
      );
      const unknown = await loadBranchAcross('develop', [], 'first/nothing-here', both, { choose: () => Promise.resolve(undefined) });
      assert.deepEqual(unknown, {
        state: { kind: 'no-app', branch: 'develop', pinnedId: 'first/nothing-here' },
        pin: { kind: 'unknown' },
      });
    });
  });
});
