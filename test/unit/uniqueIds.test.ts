import * as assert from 'node:assert/strict';
import { firstOfEachId, repeatedIdsNote } from '../../src/core/apps/uniqueIds';

describe('ids the service lists more than once', () => {
  it('keeps the first of each id, in order, and names each repeated id once', () => {
    const items = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'a', n: 3 },
      { id: 'c', n: 4 },
      { id: 'b', n: 5 },
      { id: 'a', n: 6 },
    ];
    const unique = firstOfEachId(items, (item) => item.id);
    assert.deepEqual(
      unique.items.map((item) => item.n),
      [1, 2, 4],
    );
    assert.deepEqual(unique.repeated, ['a', 'b']);
  });

  it('gives the same array back when nothing repeats (a list of thousands is not copied)', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i) }));
    const unique = firstOfEachId(items, (item) => item.id);
    assert.equal(unique.items, items);
    assert.deepEqual(unique.repeated, []);
  });

  it('the log line names the list and at most ten ids, each on the same line', () => {
    assert.equal(
      repeatedIdsNote('the builds of app 1', ['x']),
      'The build service listed an id more than once in the builds of app 1 ("x"); only the first of each is shown.',
    );
    const many = Array.from({ length: 12 }, (_, i) => `id${i}`);
    const note = repeatedIdsNote('the app list', [...many.slice(0, 11), 'evil\nBuild ID: 42']);
    assert.match(note, /^The build service listed 12 ids more than once in the app list \("id0", .*"id9" and 2 more\)/);
    assert.equal(note.includes('\n'), false);
  });
});
