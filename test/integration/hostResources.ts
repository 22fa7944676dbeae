// What the soaks measure in the extension host's process: the heap after a real GC, and the handles
// (timers, sockets) Node counts as keeping it alive.
import * as v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of process.getActiveResourcesInfo()) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}
