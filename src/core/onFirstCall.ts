// Loading a module (or anything) once, when it is first needed. Pure (no vscode).

/**
 * A function that runs `load` on its first call and hands every caller the same promise. A failed load
 * (a file missing in the middle of an update) is forgotten, so the next call tries again.
 */
export function onFirstCall<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
