import vscode = require('vscode');
import { useLanguage } from '../core/text/language';

/** Hands VS Code's display language and the extension's translation bundle to every l10n.t. */
export function adoptDisplayLanguage(): void {
  useLanguage(vscode.env.language, vscode.l10n.bundle);
}
