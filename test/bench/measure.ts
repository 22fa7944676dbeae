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

export interface Pair {
  subjectMs: number;
  baselineMs: number;
}

/**
 * Median wall times of `subject` and `baseline` run in turns (subject, baseline, subject, …), so a
 * busy moment of the shared machine falls on both alike. `runs` of each after `warmups` of each.
 */
export async function alternate(subject: () => unknown, baseline: () => unknown, runs = 21, warmups = 3): Promise<Pair> {
  for (let i = 0; i < warmups; i++) {
    await subject();
    await baseline();
  }
  const subjectTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    subjectTimes.push(await timed(subject));
    baselineTimes.push(await timed(baseline));
  }
  return { subjectMs: median(subjectTimes), baselineMs: median(baselineTimes) };
}

/**
 * The same, in CPU time of this process: for work that does no I/O, where the wall clock would also
 * count the time other processes of a shared machine held the CPU.
 */
export function alternateCpu(subject: () => unknown, baseline: () => unknown, runs = 41, warmups = 5): Pair {
  for (let i = 0; i < warmups; i++) {
    subject();
    baseline();
  }
  const subjectTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    subjectTimes.push(cpuTimed(subject));
    baselineTimes.push(cpuTimed(baseline));
  }
  return { subjectMs: median(subjectTimes), baselineMs: median(baselineTimes) };
}

async function timed(work: () => unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function cpuTimed(work: () => unknown): number {
  const start = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
