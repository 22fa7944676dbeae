import vscode = require('vscode');
import { cancelled } from '../api/errors';

let focusedOnce: Promise<void> | undefined;

/**
 * Resolves once this window has been focused, at once if it is or was: a window restored in the
 * background asks the service nothing until the user comes to it. Rejects (cancelled) if `signal` aborts first.
 */
export function windowSeen(signal?: AbortSignal): Promise<void> {
  focusedOnce ??= vscode.window.state.focused
    ? Promise.resolve()
    : new Promise((resolve) => {
        const listener = vscode.window.onDidChangeWindowState((state) => {
          if (!state.focused) return;
          listener.dispose();
          resolve();
        });
      });
  if (!signal) return focusedOnce;
  const seen = focusedOnce;
  return new Promise((resolve, reject) => {
    const abort = () => reject(cancelled());
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void seen.then(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}
