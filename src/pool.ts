// Runs async work over a list with a cap on how many run at once. Pure (no vscode).

/**
 * Product rule: at most 4 requests to the build service in flight from one feature, so a user with
 * hundreds of apps does not flood the service (or trip a proxy's limits) when a view opens.
 */
export const MAX_IN_FLIGHT = 4;

/** Like `Promise.all(items.map(work))`, with at most `limit` calls pending; results keep input order. */
export async function mapPooled<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>, limit = MAX_IN_FLIGHT): Promise<R[]> {
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
