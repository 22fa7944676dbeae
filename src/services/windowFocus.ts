import vscode = require('vscode');
import { unlessAborted } from './abortableWait';

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
  return unlessAborted(focusedOnce, signal);
}
