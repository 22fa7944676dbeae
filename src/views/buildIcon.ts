import vscode = require('vscode');
import type { BuildStatus } from '../api';
import { stateIcon } from '../core/builds/buildLook';

export function buildIcon(status: BuildStatus): vscode.ThemeIcon {
  const icon = stateIcon(status);
  return new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
}
