// The client's RequestGate already caps the window; this keeps a per-app sweep (thousands of apps for
// some users) from filling the gate's queue, so a click is not served behind the rest of the sweep.
import { MAX_IN_FLIGHT } from '../../api/client/requestGate';

/**
 * Like `Promise.all(items.map(work))`, with at most `limit` calls pending; results keep input order.
 * After the first failure no further item is started: the answer is a rejection already. Nor once
 * `enough()` holds (asked before each start): the answer is then the results of the items started, a
 * prefix of `items`.
 */
export async function mapPooled<T, R>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
  limit = MAX_IN_FLIGHT,
  enough?: () => boolean,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failed && !enough?.()) {
      const index = next++;
      try {
        results[index] = await work(items[index], index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return next < items.length ? results.slice(0, next) : results;
}
