import vscode = require('vscode');
import type { NoticeText } from '../core/text/serviceText';

export type Severity = 'info' | 'warning' | 'error';

// The one way to show a notification (lint enforces it). A notification turns `[label](command:…)` into a link
// that runs the command, so its text is a NoticeText: every value in it made inert (core/text/serviceText.ts).
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

/** A notification with a progress bar and a Cancel button while `task` runs. */
export function withCancellableProgress<R>(
  title: NoticeText,
  task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>,
): Thenable<R> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, task);
}

/** A notification with a progress bar while `task` runs; its title follows the same rule. */
export function withNotificationProgress<R>(title: NoticeText, task: () => Thenable<R>): Thenable<R> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task);
}
