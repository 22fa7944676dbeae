import * as assert from 'node:assert/strict';
import { nestsDeeper } from '../../src/api/parsing/jsonDepth';
import { expectApiError, firstAppId, useReferenceService } from './clientFixture';

// A service that ignores `limit` (issue 42): every caller would hold, follow and poll what it sent.
describe('BuildServiceClient: a list is cut to the limit asked', () => {
  const fixture = useReferenceService();

  function answerBuilds(count: number): string[] {
    const wire = fixture.service.data.builds[0];
    assert.ok(wire, 'the reference service has seeded builds');
    const ids = Array.from({ length: count }, (_, i) => `flood-${i}`);
    const rawBody = JSON.stringify(ids.map((id) => ({ ...wire, _id: id, finished: false, build_status: 'running' })));
    fixture.service.setFault('GET /apps/:app_id/builds', { rawBody });
    return ids;
  }

  it('keeps the first 10 of 10,000 builds answered for limit=10, and says so once per list', async () => {
    const ids = answerBuilds(10_000);
    const notes: string[] = [];
    const builds = await fixture.client({ onLongList: (note) => notes.push(note) }).listBuilds(firstAppId(fixture.service), { limit: 10 });
    assert.deepEqual(
      builds.map((build) => build.id),
      ids.slice(0, 10),
    );
    assert.equal(notes.length, 1);
    assert.match(notes[0] ?? '', /10000 items for limit=10/);
  });

  it('keeps a list as long as the limit, or shorter, whole and without a note', async () => {
    const ids = answerBuilds(10);
    const notes: string[] = [];
    const client = fixture.client({ onLongList: (note) => notes.push(note) });
    const builds = await client.listBuilds(firstAppId(fixture.service), { limit: 10 });
    assert.deepEqual(
      builds.map((build) => build.id),
      ids,
    );
    assert.equal((await client.listBuilds(firstAppId(fixture.service))).length, 10, 'no limit asked: nothing cut');
    assert.deepEqual(notes, []);
  });
});

describe('BuildServiceClient: JSON nested deeper than any answer is refused unread', () => {
  const fixture = useReferenceService();

  it('refuses 100,000 nested arrays, and reads an answer nesting a few levels', async () => {
    fixture.service.setFault('GET /apps/:app_id/builds', { rawBody: '['.repeat(100_000) + ']'.repeat(100_000) });
    const error = await expectApiError(fixture.client().listBuilds(firstAppId(fixture.service)), 'invalid-response');
    assert.match(error.message, /nested deeper than 64 levels/);
    fixture.service.setFault('GET /apps/:app_id/builds', {
      rawBody: '[{"_id": "b1", "links": {"download": [], "install": []}, "x": "[[[[["}]',
    });
    assert.deepEqual(
      (await fixture.client().listBuilds(firstAppId(fixture.service))).map((build) => build.id),
      ['b1'],
      'brackets inside a string are text',
    );
  });
});

describe('nestsDeeper', () => {
  it('counts arrays and objects, not brackets in strings or after an escaped quote', () => {
    assert.equal(nestsDeeper('[{"a": [1]}]', 3), false);
    assert.equal(nestsDeeper('[{"a": [[1]]}]', 3), true);
    assert.equal(nestsDeeper('["\\"[[[[", {"b": "]]]{{"}]', 2), false);
    assert.equal(nestsDeeper('"[[[[["', 1), false);
  });
});
