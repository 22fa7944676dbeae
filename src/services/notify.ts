import vscode = require('vscode');
import type { NoticeText } from '../core/serviceText';

export type Severity = 'info' | 'warning' | 'error';

/**
 * The one way the extension shows a notification (lint forbids window.show*Message elsewhere). A
 * notification turns `[label](command:…)` into a link that runs the command, so its text must be a
 * NoticeText: our template with every value, the service's names and error texts among them, made
 * inert (core/serviceText.ts). Resolves to the button chosen, undefined when closed.
 */
export function notify<T extends string>(severity: Severity, text: NoticeText, ...buttons: T[]): Thenable<T | undefined> {
  switch (severity) {
    case 'error':
      return vscode.window.showErrorMessage(text, ...buttons);
    case 'warning':
      return vscode.window.showWarningMessage(text, ...buttons);
    default:
      return vscode.window.showInformationMessage(text, ...buttons);
  }
}

/** A notification with a progress bar while `task` runs; its title follows the same rule. */
export function withNotificationProgress<R>(title: NoticeText, task: () => Thenable<R>): Thenable<R> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}
