import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { NoticeText } from '../core/text/serviceText';
import { CommandId, type SettingId } from '../ids';
import { notify } from './notify';

// A function, not a constant: the translation is read when shown, not at load.
const OPEN_SETTINGS = (): string => l10n.t('Open Settings');

/** Not awaited: the notification's promise settles only when it is closed. */
export function promptForSetting(setting: SettingId, message: NoticeText, severity: 'info' | 'warning' = 'info'): void {
  const openSettings = OPEN_SETTINGS();
  void notify(severity, message, openSettings).then((choice) => {
    if (choice === openSettings) void vscode.commands.executeCommand(CommandId.openSettings, setting);
  });
}
