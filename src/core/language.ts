// Every layer translates with @vscode/l10n's l10n.t, which reads the bundle VS Code loaded for the
// extension (l10n/bundle.l10n.<lang>.json): activation hands it over once (services/language.ts).
// Unit tests call useLanguage with a bundle of their own.
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
