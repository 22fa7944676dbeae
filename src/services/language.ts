import vscode = require('vscode');
import { useLanguage } from '../core/language';

/**
 * Hands VS Code's display language and its translation bundle (l10n/bundle.l10n.<lang>.json, read by
 * VS Code for vscode.l10n.t) to core/, whose @vscode/l10n then reads the same translations.
 */
export function adoptDisplayLanguage(): void {
  useLanguage(vscode.env.language, vscode.l10n.bundle);
}
