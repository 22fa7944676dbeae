// Tiny measuring helpers for the benchmarks: medians of wall time and retained heap, so results are
// read as ratios against a baseline measured in the same run, never as absolute timings.
import { performance } from 'node:perf_hooks';

export interface Sample {
  medianMs: number;
  retainedBytes: number;
}

const collectGarbage = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run the benchmarks with node --expose-gc (npm run bench does).');
  gc();
  gc();
};

const held: unknown[] = [];

/**
 * The heap that one result of `work` keeps alive. Its own function, run before any timing, because an
 * async frame keeps its last awaited value in a register: a result from a timing loop in the same
 * frame would still be alive at the first reading and hide what the measured result costs.
 */
async function retainedBy(work: () => unknown): Promise<number> {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  held.push(await work());
  collectGarbage();
  const retained = process.memoryUsage().heapUsed - before;
  held.length = 0;
  return Math.max(retained, 0);
}

/** Median wall time of `work` over `runs` runs after `warmups`, and the heap one result keeps. */
export async function measure<T>(work: () => Promise<T> | T, runs = 15, warmups = 3): Promise<Sample> {
  const retainedBytes = await retainedBy(work);
  for (let i = 0; i < warmups; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], retainedBytes };
}

export function ratio(subject: number, baseline: number): string {
  return baseline > 0 ? `${(subject / baseline).toFixed(2)}x` : 'n/a';
}
