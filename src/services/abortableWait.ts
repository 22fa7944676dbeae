import { cancelled } from '../api/errors';

/** Resolves with `done`, or rejects (cancelled) if `signal` aborts first; the abort listener goes either way. */
export function unlessAborted(done: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return done;
  return new Promise((resolve, reject) => {
    const abort = () => reject(cancelled());
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void done.then(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}
