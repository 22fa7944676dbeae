import * as assert from 'node:assert/strict';
import { DEFAULT_INTERVALS, nextInterval } from '../../src/core/pollSchedule';

describe('poll schedule', () => {
  it('grows from 10 s to a 60 s ceiling', () => {
    const seen = [DEFAULT_INTERVALS.firstMs];
    for (let i = 0; i < 5; i++) seen.push(nextInterval(seen[seen.length - 1] ?? 0, DEFAULT_INTERVALS));
    assert.deepEqual(seen, [10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it('never goes below the first interval', () => {
    assert.equal(nextInterval(0, { firstMs: 50, maxMs: 400 }), 50);
  });
});
