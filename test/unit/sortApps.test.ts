import * as assert from 'node:assert/strict';
import { sortByName } from '../../src/core/apps/sortApps';

const app = (name: string, id = name) => ({ id, name, platform: 'ios' });

describe('sorting apps by name', () => {
  it('puts numbers in numeric order', () => {
    const names = sortByName([app('App 10'), app('App 2'), app('App 1')]).map((a) => a.name);
    assert.deepEqual(names, ['App 1', 'App 2', 'App 10']);
  });

  it('ignores case and accents before letters decide', () => {
    const names = sortByName([app('zeta'), app('Émile'), app('alpha'), app('Beta')]).map((a) => a.name);
    assert.deepEqual(names, ['alpha', 'Beta', 'Émile', 'zeta']);
  });

  it('keeps a stable order by id for equal names', () => {
    const ids = sortByName([app('Same', 'b'), app('same', 'a'), app('Same', 'c')]).map((a) => a.id);
    assert.deepEqual(ids, ['a', 'b', 'c']);
  });

  it('does not change its input and copes with 10,000 apps quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => app(`App ${10_000 - i}`, String(i)));
    const started = Date.now();
    const sorted = sortByName(many);
    assert.ok(Date.now() - started < 1000);
    assert.equal(sorted[0]?.name, 'App 1');
    assert.equal(many[0]?.name, 'App 10000');
  });
});
