// What `npm run bench:trial` measures in the extension host while one input is taken in:
// the longest a command waited for an answer, and how far the host's memory grew. A command is asked
// every 100 ms, as a user clicking would; its wait runs from when it was due (a blocked event loop
// delays the asking too) to its answer. Memory is read with each command: the process's resident set
// and V8's heap, as growth over the figures when the watch began and when the host's trial began.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { collectGarbage } from '../hostResources';
import { sleep } from '../wait';

const EVERY_MS = 100;
const MIB = 1024 * 1024;

export interface HostFigures {
  /** The longest a command waited, due to answered, ms. */
  longestWaitMs: number;
  /** When the longest wait began, ms after the watch began. */
  longestAtMs: number;
  /** How many commands were asked. */
  asked: number;
  /** The event loop's longest delay (perf_hooks), ms: the host's own part of the wait. */
  loopDelayMs: number;
  /** Peak resident set over the watch's start, and over the trial's start, MiB. */
  rssGrowthMiB: number;
  rssOverStartMiB: number;
  /** Peak heap used over the watch's start, MiB. */
  heapGrowthMiB: number;
}

let trialStart: NodeJS.MemoryUsage | undefined;

/** After a full collection: what is still held, not garbage an earlier step left. */
export function memoryHeld(): NodeJS.MemoryUsage {
  collectGarbage()();
  return process.memoryUsage();
}

/** The host's memory when the trial began. */
export function markTrialStart(): NodeJS.MemoryUsage {
  trialStart = memoryHeld();
  return trialStart;
}

/**
 * Starts watching, from the memory held now (after a full collection): the 300 MiB of the budget are
 * counted from there. The returned function stops at once and gives the figures (a command still
 * unanswered counts its wait so far).
 */
export function watchHost(): () => HostFigures {
  const start = memoryHeld();
  const base = trialStart ?? start;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  let longest = 0;
  let longestAt = 0;
  let asked = 0;
  const began = performance.now();
  let stopped = false;
  let due = performance.now();
  void (async () => {
    while (!stopped) {
      await vscode.commands.executeCommand('setContext', 'buildServiceTrial.probe', asked++);
      const answered = performance.now();
      if (answered - due > longest) [longest, longestAt] = [answered - due, due - began];
      const memory = process.memoryUsage();
      peakRss = Math.max(peakRss, memory.rss);
      peakHeap = Math.max(peakHeap, memory.heapUsed);
      due = answered + EVERY_MS;
      await sleep(EVERY_MS);
    }
  })();
  return () => {
    stopped = true;
    if (performance.now() - due > longest) [longest, longestAt] = [performance.now() - due, due - began];
    loop.disable();
    return {
      longestWaitMs: longest,
      longestAtMs: longestAt,
      asked,
      loopDelayMs: loop.max / 1e6,
      rssGrowthMiB: (peakRss - start.rss) / MIB,
      rssOverStartMiB: (peakRss - base.rss) / MIB,
      heapGrowthMiB: (peakHeap - start.heapUsed) / MIB,
    };
  };
}

/** What the user was told about an input (a notice, a row, a line of the run's output); the trial prints the last. */
let said: string | undefined;

/** Recorded cut to 300 characters: the trial prints it in a table. */
export function userSaw(message: string): void {
  said = message.length > 300 ? `${message.slice(0, 300)}…` : message;
}

/** The message recorded since the last call, and forgets it. */
export function takeUserSaw(): string | undefined {
  const message = said;
  said = undefined;
  return message;
}
