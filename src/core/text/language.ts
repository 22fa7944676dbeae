// Activation hands VS Code's bundle to @vscode/l10n once (services/language.ts); unit tests hand their own.
import * as l10n from '@vscode/l10n';

export type Translations = l10n.l10nJsonFormat;

let language = 'en';

/** `displayLanguage` is VS Code's (vscode.env.language, e.g. "de"); no bundle means English. */
export function useLanguage(displayLanguage: string, bundle: Translations | undefined): void {
  language = displayLanguage || 'en';
  l10n.config({ contents: bundle ?? {} });
}

export function displayLanguage(): string {
  return language;
}
