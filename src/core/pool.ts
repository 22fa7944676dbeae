// Runs async work over a list with a cap on how many run at once. Pure (no vscode).
// The client's RequestGate already holds the whole window to MAX_IN_FLIGHT requests; this keeps a
// per-app sweep (one request per app, thousands for some users) from filling the gate's queue, so a
// click in the Apps view is not served behind the rest of the sweep.
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
