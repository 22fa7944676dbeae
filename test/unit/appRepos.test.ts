// The app→repository map kept per account across windows, and matching a repository across accounts.
import * as assert from 'node:assert/strict';
import {
  isStale,
  MAX_REPO_URL_LENGTH,
  MAX_STORED_APPS,
  readStored,
  RESWEEP_AFTER_MS,
  sweep,
  unknownApps,
} from '../../src/core/apps/appRepos';
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
    const old = { sweptAt: 0, repos: { a: 'u1', b: 'u2' } };
    assert.ok(isStale(old, RESWEEP_AFTER_MS));
    assert.ok(!isStale({ ...old, sweptAt: 1 }, RESWEEP_AFTER_MS));
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
});
