import * as assert from 'node:assert/strict';
import { nestsDeeper } from '../../src/api/parsing/jsonDepth';
import { cutList } from '../../src/api/parsing/listCut';
import { listedOf, parseTestResults, TESTS_MAX } from '../../src/api/parsing/parseResults';
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

describe('BuildServiceClient: JSON of more arrays and objects than any answer holds is refused unread', () => {
  const fixture = useReferenceService();

  it('refuses 11 million shallow empty objects (32 MiB of "{},"), and reads 300,000 coverage functions', async () => {
    // Two levels deep, so the depth limit lets it through; parsed, it held 1.2 GB and blocked for seconds.
    const count = Math.floor((32 * 1024 * 1024 - 64) / 3);
    fixture.service.setFault('GET /apps/:app_id/builds', { rawBody: `[${'{},'.repeat(count - 1)}{}]` });
    const error = await expectApiError(fixture.client().listBuilds(firstAppId(fixture.service)), 'invalid-response');
    assert.match(error.message, /more than 1,000,000 arrays and objects/);
    const functions = Array.from({ length: 300_000 }, (_, i) => ({ name: `f${i}`, coverage: 1, covered_lines: 1, executable_lines: 1 }));
    const rawBody = JSON.stringify({ build_id: 'b1', targets: [{ name: 'T', files: [{ path: 'A.swift', functions }] }] });
    fixture.service.setFault('GET /builds/:build_id/coverage', { rawBody });
    const coverage = await fixture.client().getCoverage(fixture.service.data.builds[0]?._id ?? '', { showFunctionCoverage: true });
    assert.equal(coverage.targets[0]?.files[0]?.functionsRan?.total, 300_000);
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

// Issue 47, finding 3: a 32 MiB answer of 909,879 tests kept 83 MiB and blocked the host about 1 s, to
// compare 20,000 of them. The list is cut before JSON.parse, so what is past the cut is never made.
describe("BuildServiceClient: a build's tests are cut at TESTS_MAX before they are parsed", () => {
  const fixture = useReferenceService();
  const test = (i: number) => ({ name: `test${i}`, status: 'failed', suite: 'S', target: 'T', run: 'R' });

  it('keeps the first 20,000 of 25,000 tests and counts the rest; what is past the cut is never parsed', async () => {
    // Past the cut, each test nests 100 levels: parsing it would be refused as nested too deep.
    const deep = '['.repeat(100) + ']'.repeat(100);
    const items = Array.from({ length: 25_000 }, (_, i) =>
      i < TESTS_MAX ? JSON.stringify(test(i)) : `{"name":"t${i}","status":"failed","x":${deep}}`,
    );
    const rawBody = `{"build_id":"b1","tests":[${items.join(',')}]}`;
    fixture.service.setFault('GET /builds/:build_id/tests', { rawBody });
    const results = await fixture.client().getTests(fixture.service.data.builds[0]?._id ?? '');
    assert.equal(results.tests.length, TESTS_MAX);
    assert.equal(results.tests.at(-1)?.name, `test${TESTS_MAX - 1}`);
    assert.equal(listedOf(results.tests), 25_000);
    assert.equal(results.buildId, 'b1');
  });

  it('a list under the cap is read whole, and counted as it is', async () => {
    fixture.service.setFault('GET /builds/:build_id/tests', { rawBody: JSON.stringify({ tests: [test(0), test(1)] }) });
    const results = await fixture.client().getTests(fixture.service.data.builds[0]?._id ?? '');
    assert.deepEqual(
      results.tests.map((t) => t.name),
      ['test0', 'test1'],
    );
    assert.equal(listedOf(results.tests), 2);
  });
});

describe('cutList: one pass over the text', () => {
  it('cuts only the top-level key, keeps strings with brackets and commas whole, and counts every item', () => {
    const text = '{"other":{"tests":[1,2,3]},"tests":["a,]", {"tests":[1,2,3]}, "c", "d"],"after":"tests"}';
    const cut = cutList(text, 'tests', 2);
    assert.equal(cut.listed, 4);
    assert.deepEqual(JSON.parse(cut.text), { other: { tests: [1, 2, 3] }, tests: ['a,]', { tests: [1, 2, 3] }], after: 'tests' });
    assert.deepEqual(cutList('{"tests": []}', 'tests', 2), { text: '{"tests": []}', listed: 0 });
    assert.deepEqual(cutList('{"tests" : [ 1 ] }', 'tests', 0).listed, 1);
    assert.equal(JSON.parse(cutList('{"tests" : [ 1 ] }', 'tests', 0).text).tests.length, 1, 'a cap of 0 never cuts before the first');
  });

  it('a key spelt with an escape is not cut by the scan; the parser cuts it before making models', () => {
    const body = { 't\u0065sts': Array.from({ length: TESTS_MAX + 5 }, (_, i) => ({ name: `t${i}`, status: 'failed' })) };
    const text = JSON.stringify(body).replace('"tests"', '"t\\u0065sts"');
    assert.equal(cutList(text, 'tests', TESTS_MAX).text, text);
    const results = parseTestResults(JSON.parse(text));
    assert.equal(results.tests.length, TESTS_MAX);
    assert.equal(listedOf(results.tests), TESTS_MAX + 5);
  });
});
