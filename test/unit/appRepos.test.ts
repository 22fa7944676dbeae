// The app→repository map kept per account across windows, and matching a repository across accounts.
import * as assert from 'node:assert/strict';
import {
  isStale,
  MAX_REPO_URL_LENGTH,
  MAX_STORED_APPS,
  readStored,
  RESWEEP_AFTER_MS,
  sweep,
  sweepUntilFound,
  unknownApps,
} from '../../src/core/apps/appRepos';
import { askingOrder } from '../../src/core/branch/likelyApps';
import { matchesAcross } from '../../src/core/branch/matchApps';

describe('the app→repository map', () => {
  it('reads what it stored, and an older or damaged value as nothing known', () => {
    const stored = { sweptAt: 5, repos: { a: 'git@github.com:o/r.git', b: null } };
    assert.deepEqual(readStored(JSON.parse(JSON.stringify(stored))), stored);
    for (const damaged of [undefined, null, 'x', { sweptAt: '1', repos: {} }, { sweptAt: 1 }])
      assert.deepEqual(readStored(damaged), { sweptAt: 0, repos: {} });
    assert.deepEqual(readStored({ sweptAt: 1, repos: { a: 3, b: 'u' } }).repos, { b: 'u' });
  });

  it('asks only for apps never asked about; an app without builds is known as such', async () => {
    const asked: string[] = [];
    const ask = (id: string) => {
      asked.push(id);
      return Promise.resolve(id === 'empty' ? undefined : `https://git.example/${id}`);
    };
    const first = await sweep(readStored(undefined), ['a', 'empty'], ask, { now: () => 100 });
    assert.deepEqual(first, { sweptAt: 100, repos: { a: 'https://git.example/a', empty: null } });
    assert.deepEqual(unknownApps(first, ['a', 'empty', 'new']), ['new']);
    // A new app is asked about alone; the map keeps its age (not every app was asked) and drops apps gone.
    const second = await sweep(first, ['empty', 'new'], ask, { now: () => 200 });
    assert.deepEqual(second, { sweptAt: 100, repos: { empty: null, new: 'https://git.example/new' } });
    assert.deepEqual(asked, ['a', 'empty', 'new']);
  });

  it('an old map is asked again as a whole, with the progress of the answers', async () => {
    const old = { sweptAt: 1, repos: { a: 'u1', b: 'u2' } };
    assert.ok(isStale(old, RESWEEP_AFTER_MS + 1));
    assert.ok(!isStale(old, RESWEEP_AFTER_MS));
    const progress: string[] = [];
    const next = await sweep(old, ['a', 'b'], (id) => Promise.resolve(id === 'a' ? 'moved' : 'u2'), {
      everything: true,
      now: () => RESWEEP_AFTER_MS,
      asked: (done, total) => progress.push(`${done}/${total}`),
    });
    assert.deepEqual(next, { sweptAt: RESWEEP_AFTER_MS, repos: { a: 'moved', b: 'u2' } });
    assert.deepEqual(progress, ['1/2', '2/2']);
  });

  it('what is stored from the service is capped: an 8 MiB repo_url is kept as none, and at most MAX_STORED_APPS apps', async () => {
    const huge = `https://git.example/${'x'.repeat(8 * 1024 * 1024)}`;
    const apps = Array.from({ length: MAX_STORED_APPS + 500 }, (_, i) => `app${i}`);
    let asked = 0;
    const ask = (id: string) => {
      asked++;
      return Promise.resolve(id === 'app0' ? huge : id === 'app1' ? 'x'.repeat(MAX_REPO_URL_LENGTH) : `https://git.example/${id}`);
    };
    const stored = await sweep(readStored(undefined), apps, ask, { now: () => 100 });
    assert.equal(stored.repos.app0, null);
    assert.equal(stored.repos.app1?.length, MAX_REPO_URL_LENGTH, 'the cap itself is kept');
    assert.equal(Object.keys(stored.repos).length, MAX_STORED_APPS);
    assert.equal(asked, MAX_STORED_APPS, 'apps past the cap are not asked');
    assert.equal(stored.sweptAt, 100);
    assert.deepEqual(unknownApps(stored, apps), [], 'nor asked again on the next load');
    assert.ok(JSON.stringify(stored).length < 100_000, `${JSON.stringify(stored).length} characters`);
    const written = { sweptAt: 1, repos: Object.fromEntries([['big', huge], ...apps.map((id) => [id, 'u'])]) };
    const read = readStored(written);
    assert.equal(read.repos.big, null, 'an older stored value is capped when read');
    assert.equal(Object.keys(read.repos).length, MAX_STORED_APPS);
  });

  it('matches a repository across the apps of several accounts, each named with its account', () => {
    const repos: Record<string, string> = {
      a1: 'git@github.com:o/ios.git',
      a2: 'git@github.com:o/other.git',
      b1: 'https://github.com/O/iOS',
    };
    const source = (account: string, ids: string[]) => ({ account, apps: ids.map((id) => ({ id })), repoUrlOf: (id: string) => repos[id] });
    assert.deepEqual(
      matchesAcross([source('https://a/v1', ['a1', 'a2']), source('https://b/v1', ['b1'])], ['https://github.com/o/ios.git']),
      [
        { account: 'https://a/v1', app: { id: 'a1' } },
        { account: 'https://b/v1', app: { id: 'b1' } },
      ],
    );
  });

  describe('a first window: the apps named like the repository first, until one that builds it answers', () => {
    const generated = Array.from({ length: 200 }, (_, i) => ({ id: `g${i + 1}`, name: `Generated app ${String(i + 1).padStart(5, '0')}` }));

    it('asks first the apps whose name shares a word with the repository, not a word most names hold', () => {
      const apps = [...generated.slice(0, 10), { id: 'shop', name: 'Shop iOS' }, { id: 'shopA', name: 'Shop (Android)' }];
      const { order, likely } = askingOrder(apps, ['git@github.com:acme/shop-ios.git']);
      assert.deepEqual(order.slice(0, likely), ['shop', 'shopA'], '"ios" alone does not make an app likely; "shop" does');
      assert.deepEqual(
        order.slice(likely),
        generated.slice(0, 10).map((app) => app.id),
      );
      // "app" and "generated" are in every name; the number tells them apart, leading zeros or not.
      const numbered = askingOrder(generated, ['https://github.com/generated/app-150']);
      assert.deepEqual(numbered.order.slice(0, numbered.likely), ['g150']);
      assert.equal(numbered.order.length, 200);
      assert.equal(askingOrder(generated, []).likely, 0);
    });

    it('stops once the likely apps (asked one at a time) are asked and one builds the repository; the rest are left for later', async () => {
      const repoOf = (id: string) => (id === 'g150' ? 'git@github.com:generated/app-00150.git' : `git@github.com:other/${id}.git`);
      const asked: string[] = [];
      const ask = (id: string) => {
        asked.push(id);
        return new Promise<string>((resolve) => setTimeout(() => resolve(repoOf(id)), 1));
      };
      const ids = generated.map((app) => app.id);
      const { order, likely } = askingOrder(generated, ['https://github.com/generated/app-150']);
      const builds = (url: string) => url.includes('app-00150');
      const first = await sweepUntilFound(readStored(undefined), ids, ask, { order, likely, builds, now: () => 100 });
      assert.deepEqual(asked, ['g150'], 'the app named like the repository builds it: nothing else is waited for');
      assert.equal(first.stored.repos.g150, 'git@github.com:generated/app-00150.git');
      assert.equal(first.rest.length, 200 - asked.length);
      assert.equal(first.stored.sweptAt, 0, 'not every app is known yet: the map is not swept');
      // Not old either: its unknown apps are the rest's to ask, not a reason to ask all 200 again.
      assert.ok(!isStale(first.stored, RESWEEP_AFTER_MS * 10));
      assert.deepEqual(unknownApps(first.stored, ids), first.rest);
      // The rest, one at a time, makes the map whole.
      const rest = await sweep(first.stored, ids, ask, { only: first.rest, limit: 1, now: () => 100 });
      assert.deepEqual(unknownApps(rest, ids), []);
      assert.equal(asked.length, 200, 'no app asked twice');
    });

    it('asks nothing first when an app known already builds the repository (a window closed before its rest was done)', async () => {
      const ids = generated.map((app) => app.id);
      const { order, likely } = askingOrder(generated, ['https://github.com/generated/app-150']);
      const stored = { sweptAt: 0, repos: { g150: 'git@github.com:generated/app-00150.git', g1: null } };
      const asked: string[] = [];
      const ask = (id: string) => {
        asked.push(id);
        return Promise.resolve(`git@github.com:other/${id}.git`);
      };
      const builds = (url: string) => url.includes('app-00150');
      const first = await sweepUntilFound(stored, ids, ask, { order, likely, builds, now: () => 100 });
      assert.deepEqual(asked, [], 'the status bar waits for no request');
      assert.deepEqual(first.rest, unknownApps(stored, ids), 'the 198 apps not known are left for the background');
      assert.equal(first.rest.length, 198);
      assert.deepEqual(first.stored, stored);
    });

    it('asks every app when none named like the repository builds it', async () => {
      const ids = generated.map((app) => app.id);
      const { order, likely } = askingOrder(generated, ['https://github.com/acme/unrelated']);
      let asked = 0;
      const ask = (id: string) => {
        asked++;
        return Promise.resolve(id === 'g3' ? undefined : `git@github.com:other/${id}.git`);
      };
      const first = await sweepUntilFound(readStored(undefined), ids, ask, { order, likely, builds: () => false, now: () => 7 });
      assert.equal(asked, 200);
      assert.deepEqual(first.rest, []);
      assert.equal(first.stored.sweptAt, 7);
      assert.equal(first.stored.repos.g3, null);
    });
  });
});
