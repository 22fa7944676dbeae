import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { CommandId, type SettingId } from '../ids';

// A function, not a constant: the translation is read when shown, not at load.
const OPEN_SETTINGS = (): string => l10n.t('Open Settings');

/** Not awaited: the notification's promise settles only when it is closed. */
export function promptForSetting(setting: SettingId, message: string, severity: 'info' | 'warning' = 'info'): void {
  const show = severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const openSettings = OPEN_SETTINGS();
  void show(message, openSettings).then((choice) => {
    if (choice === openSettings) void vscode.commands.executeCommand(CommandId.openSettings, setting);
  });
}
