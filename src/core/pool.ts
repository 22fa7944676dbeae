// The client's RequestGate already caps the window; this keeps a per-app sweep (thousands of apps for
// some users) from filling the gate's queue, so a click is not served behind the rest of the sweep.
import { MAX_IN_FLIGHT } from '../api/requestGate';

/** Like `Promise.all(items.map(work))`, with at most `limit` calls pending; results keep input order. */
export async function mapPooled<T, R>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
  limit = MAX_IN_FLIGHT,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
