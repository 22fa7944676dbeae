// core/ and api/ translate with @vscode/l10n, which reads the same bundle files as vscode.l10n.t;
// activation hands it VS Code's language and bundle once (services/language.ts). Unit tests call
// useLanguage with a bundle of their own.
import * as l10n from '@vscode/l10n';

export type Translations = l10n.l10nJsonFormat;

let language = 'en';

/** `displayLanguage` is VS Code's (vscode.env.language, e.g. "de"); no bundle means English. */
export function useLanguage(displayLanguage: string, bundle: Translations | undefined): void {
  language = displayLanguage || 'en';
  l10n.config({ contents: bundle ?? {} });
}

/** For Intl formatters (relative times): the language the user reads. */
export function displayLanguage(): string {
  return language;
}
