// One request for everyone who asks the same thing of a bounded cache (lru.ts), kept once answered.
import { isCancellation } from '../../api/errors';
import type { Lru } from './lru';

/** One request for everyone who asks; a failure is forgotten (asked again next time), and a look cancelled by another asks anew. */
export async function shareAnswer<T>(
  cache: Lru<string, Promise<T>>,
  key: string,
  signal: AbortSignal,
  make: (signal: AbortSignal) => Promise<T>,
  weigh: (value: T) => number,
): Promise<T> {
  for (;;) {
    let entry = cache.get(key);
    if (!entry) {
      const made = make(signal);
      entry = made;
      cache.set(key, made);
      made.then(
        (value) => cache.weigh(key, made, weigh(value)),
        () => {
          if (cache.peek(key) === made) cache.delete(key);
        },
      );
    }
    try {
      return await entry;
    } catch (error) {
      if (signal.aborted || !isCancellation(error)) throw error;
    }
  }
}
