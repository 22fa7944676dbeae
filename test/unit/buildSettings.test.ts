import * as assert from 'node:assert/strict';
import { checkBuildsPerApp, checkFlag } from '../../src/core/settings/validateBuilds';

describe('build settings checks', () => {
  it('builds per app: default 10, whole numbers 1 to 100, anything else refused', () => {
    assert.deepEqual(checkBuildsPerApp(undefined), { ok: true, value: 10 });
    assert.deepEqual(checkBuildsPerApp(1), { ok: true, value: 1 });
    assert.deepEqual(checkBuildsPerApp(100), { ok: true, value: 100 });
    for (const bad of [0, 101, 2.5, '10', Number.NaN]) assert.equal(checkBuildsPerApp(bad).ok, false, String(bad));
  });

  it('auto refresh: true or false only', () => {
    assert.deepEqual(checkFlag(undefined, true), { ok: true, value: true });
    assert.deepEqual(checkFlag(false, true), { ok: true, value: false });
    assert.equal(checkFlag('no', true).ok, false);
  });
});
