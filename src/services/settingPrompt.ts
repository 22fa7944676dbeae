import * as vscode from 'vscode';
import { CommandId, type SettingId } from '../ids';

const OPEN_SETTINGS = 'Open Settings';

/**
 * The one prompt for "this setting needs a (different) value": the message, and a button that opens
 * the Settings editor at that setting. Not awaited by callers: the promise settles only when the
 * notification is closed.
 */
export function promptForSetting(setting: SettingId, message: string, severity: 'info' | 'warning' = 'info'): void {
  const show = severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void show(message, OPEN_SETTINGS).then((choice) => {
    if (choice === OPEN_SETTINGS) void vscode.commands.executeCommand(CommandId.openSettings, setting);
  });
}
