// A wrong field deep in a long answer is named by its full place, so the log says what the service got
// wrong; the lists are read in one pass that only spells out places on failure (validate.ts).
import * as assert from 'node:assert/strict';
import { parseApps } from '../../src/api/parsing/parseApps';
import { parseBuild, parseBuilds } from '../../src/api/parsing/parseBuild';
import { parseCoverage } from '../../src/api/parsing/parseResults';

const ID = '58a4e07838704cb2eacd7ce4';
const app = { _id: ID, app_name: 'Ok', platform: 'iOS' };
const build = (links: unknown) => ({ _id: ID, build_status: 'success', commit_info: { tags: ['v1'] }, links });

function messageOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    return (error as Error).message;
  }
  return assert.fail('the answer should have been refused');
}

describe('parsing names the place of a wrong field', () => {
  it('the item of a long list: apps[2]._id', () => {
    assert.match(
      messageOf(() => parseApps([app, app, { app_name: 'x' }])),
      /apps\[2\]\._id should be a non-empty string, but is missing/,
    );
  });

  it('an item that is not an object: apps[1]', () => {
    assert.match(
      messageOf(() => parseApps([app, 'oops'])),
      /apps\[1\] should be an object, but is a string/,
    );
  });

  it('a list inside a list item: builds[1].links.download[0].url', () => {
    const message = messageOf(() => parseBuilds([build({}), build({ download: [{ name: 'ipa', url: 7 }] })]));
    assert.match(message, /builds\[1\]\.links\.download\[0\]\.url should be a non-empty string, but is a number/);
  });

  it('a single build: build.commit_info.tags[1]', () => {
    assert.match(
      messageOf(() => parseBuild({ ...build({}), commit_info: { tags: ['v1', null] } })),
      /build\.commit_info\.tags\[1\] should be a string, but is null/,
    );
  });

  it('coverage targets: coverage.targets[0].name', () => {
    assert.match(
      messageOf(() => parseCoverage({ targets: [{ coverage: 0.5 }] })),
      /coverage\.targets\[0\]\.name should be a non-empty string/,
    );
  });

  it('good lists map to models, the platform lower-cased', () => {
    assert.deepEqual(parseApps([app, { _id: ID }]), [
      { id: ID, name: 'Ok', platform: 'ios' },
      { id: ID, name: ID, platform: '' },
    ]);
    assert.deepEqual(parseBuilds([build({ install: [{ url: 'https://x.example/i' }] })])[0]?.links.install, [
      { name: 'https://x.example/i', url: 'https://x.example/i' },
    ]);
  });
});
