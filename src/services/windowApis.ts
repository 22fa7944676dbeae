import vscode = require('vscode');
import type { Releasable } from '../core/disposable';
import type { NoticeText } from '../core/text/serviceText';
import { notify, type Severity } from './notify';

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

/** A notification (the one way, services/notify.ts) and the command one of its buttons runs. */
export interface NoticeApis {
  notify<T extends string>(severity: Severity, text: NoticeText, ...buttons: T[]): Thenable<T | undefined>;
  executeCommand(command: string, ...args: unknown[]): Thenable<unknown>;
}

export const noticeApis: NoticeApis = {
  notify,
  executeCommand: (command, ...args) => vscode.commands.executeCommand(command, ...args),
};
