// The commits between a passing and a failing build as listed: those that changed the test's file first,
// subjects on one line and capped, and only hex shas ever handed to git.
import * as assert from 'node:assert/strict';
import { commitRows, isCommitSha, missingShas, subjectOf } from '../../src/core/branch/commitsBetween';

describe('commits between a pass and a failure', () => {
  const commit = (hash: string, message: string) => ({ hash, message, authorName: 'Zoë', authorDate: new Date(0) });

  it('puts the commits that changed the test file first, each group in the order git gave', () => {
    const rows = commitRows([commit('c', 'Third'), commit('b', 'Second\n\nbody'), commit('a', 'First')], new Set(['a']));
    assert.deepEqual(
      rows.map((r) => [r.hash, r.subject, r.touched]),
      [
        ['a', 'First', true],
        ['c', 'Third', false],
        ['b', 'Second', false],
      ],
    );
  });

  it('lists at most 200 commits, and caps a subject at 200 characters', () => {
    const many = Array.from({ length: 500 }, (_, i) => commit(`h${i}`, `Commit ${i}`));
    assert.equal(commitRows(many, new Set()).length, 200);
    assert.equal(subjectOf('x'.repeat(1000)).length, 200);
  });

  it('hands git only hex shas: never one that git would read as an option', () => {
    assert.ok(isCommitSha('54a9faeccc0979aaa16f3226562a24fb3330e9f0'));
    assert.ok(isCommitSha('54a9fae'));
    for (const bad of ['--output=/tmp/x', '-p', 'HEAD', 'main..evil', '', undefined, 'abc']) assert.ok(!isCommitSha(bad), String(bad));
  });

  it('names each missing commit once', () => {
    assert.deepEqual(missingShas(['a1', 'a1', 'b2'], [false, false, true]), ['a1']);
  });
});
