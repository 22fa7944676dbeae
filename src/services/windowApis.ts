import vscode = require('vscode');
import type { Releasable } from '../core/disposable';

/**
 * The window calls a service makes, one line each (vscode-python-environments' window.apis.ts): a
 * service that takes these, not `vscode.window`, loads in plain Node, where a unit test passes its own.
 */
export interface WindowApis {
  readonly focused: boolean;
  onDidChangeFocus(listener: () => void): Releasable;
}

export const windowApis: WindowApis = {
  get focused() {
    return vscode.window.state.focused;
  },
  onDidChangeFocus: (listener) => vscode.window.onDidChangeWindowState(() => listener()),
};
