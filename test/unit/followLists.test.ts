// How the poller asks for the builds it follows: per app, in one list, whatever the number of builds.
import * as assert from 'node:assert/strict';
import { afterList, byApp, followListLimit, MAX_LIST_LIMIT } from '../../src/core/polling/followLists';

describe('following builds per app', () => {
  it('groups the followed builds by app; a build without an app is asked for alone', () => {
    const { lists, alone } = byApp([
      { id: 'b1', appId: 'a' },
      { id: 'b2', appId: 'b' },
      { id: 'b3', appId: 'a' },
      { id: 'b4', appId: undefined },
    ]);
    assert.deepEqual(
      [...lists],
      [
        ['a', ['b1', 'b3']],
        ['b', ['b2']],
      ],
    );
    assert.deepEqual(alone, ['b4']);
  });

  it('a list has room for the followed builds and newer ones, never more than the service allows', () => {
    assert.ok(followListLimit(10) > 10);
    assert.equal(followListLimit(500), MAX_LIST_LIMIT);
  });

  it('a list holding every followed build is the whole answer', () => {
    assert.deepEqual(afterList(['b1', 'b2'], [{ id: 'x' }, { id: 'b2' }, { id: 'b1' }], 21), { missing: [], next: 'done' });
  });

  it('a full list missing a followed build asks a longer one; at the longest, that build alone', () => {
    const full = Array.from({ length: 21 }, (_, i) => ({ id: `n${i}` }));
    assert.deepEqual(afterList(['b1', 'n3'], full, 21), { missing: ['b1'], next: 'longer' });
    const longest = Array.from({ length: MAX_LIST_LIMIT }, (_, i) => ({ id: `n${i}` }));
    assert.deepEqual(afterList(['b1'], longest, MAX_LIST_LIMIT), { missing: ['b1'], next: 'alone' });
  });

  it('a short list without a followed build: it is asked for alone (a 404 says it was deleted)', () => {
    assert.deepEqual(afterList(['b1'], [{ id: 'n1' }], 21), { missing: ['b1'], next: 'alone' });
  });
});
