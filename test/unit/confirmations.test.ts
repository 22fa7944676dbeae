// What a trigger's confirmation named, kept for the invocation that follows it: taken once, by its
// key, within its lifetime, and never when two confirmations for one input disagree.
import * as assert from 'node:assert/strict';
import { Confirmations, CONFIRMATION_LIFETIME_MS } from '../../src/core/tools/confirmations';

const NOW = Date.parse('2026-01-01T12:00:00Z');

describe('confirmations of a trigger', () => {
  type Target = { app: string; branch: string };
  const same = (a: Target, b: Target) => a.app === b.app && a.branch === b.branch;

  it('are taken once, by the key they were kept under', () => {
    const kept = new Confirmations<Target>(same, () => NOW);
    assert.deepEqual(kept.take('k'), { kind: 'none' });
    kept.keep('k', { app: 'a', branch: 'develop' });
    assert.deepEqual(kept.take('other'), { kind: 'none' });
    assert.deepEqual(kept.take('k'), { kind: 'confirmed', target: { app: 'a', branch: 'develop' } });
    assert.deepEqual(kept.take('k'), { kind: 'none' }, 'used up');
  });

  it('expire after their lifetime, and are forgotten on clear()', () => {
    let now = NOW;
    const kept = new Confirmations<Target>(same, () => now);
    kept.keep('k', { app: 'a', branch: 'develop' });
    now += CONFIRMATION_LIFETIME_MS + 1;
    assert.deepEqual(kept.take('k'), { kind: 'expired' });
    assert.deepEqual(kept.take('k'), { kind: 'none' });
    kept.keep('k', { app: 'a', branch: 'develop' });
    kept.clear();
    assert.deepEqual(kept.take('k'), { kind: 'none' });
  });

  it('two for one key: the same target is taken twice; different targets are neither taken', () => {
    const kept = new Confirmations<Target>(same, () => NOW);
    kept.keep('k', { app: 'a', branch: 'develop' });
    kept.keep('k', { app: 'a', branch: 'develop' });
    assert.equal(kept.take('k').kind, 'confirmed');
    assert.equal(kept.take('k').kind, 'confirmed');
    kept.keep('k', { app: 'a', branch: 'develop' });
    kept.keep('k', { app: 'a', branch: 'master' });
    assert.deepEqual(kept.take('k'), { kind: 'ambiguous' });
    assert.deepEqual(kept.take('k'), { kind: 'none' });
  });
});
