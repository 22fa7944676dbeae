// The display language of the layers without vscode. core/ translates with @vscode/l10n's `l10n.t`,
// which reads the same bundle files (l10n/bundle.l10n.<lang>.json) as vscode.l10n.t in the layers
// above; activation hands both the language and VS Code's bundle to `useLanguage`, so every layer
// speaks the language the user chose. Unit tests call it with a bundle of their own.
import * as l10n from '@vscode/l10n';

export type Translations = l10n.l10nJsonFormat;

let language = 'en';
let translations: Translations = {};

/** `displayLanguage` is VS Code's (vscode.env.language, e.g. "de"); no bundle means English. */
export function useLanguage(displayLanguage: string, bundle: Translations | undefined): void {
  language = displayLanguage || 'en';
  translations = bundle ?? {};
  l10n.config({ contents: translations });
}

/** For Intl formatters (relative times): the language the user reads. */
export function displayLanguage(): string {
  return language;
}

/**
 * A lazily loaded bundle, told the language and translations of this copy: each bundle holds its own
 * copy of this module and of @vscode/l10n, which would otherwise speak English. Loaders use it as
 * `import('./entry').then(withLanguage)`.
 */
export function withLanguage<Bundle extends { useLanguage: typeof useLanguage }>(bundle: Bundle): Bundle {
  bundle.useLanguage(language, translations);
  return bundle;
}

/** What the lazily loaded client bundle (dist/api.js, its own copy of @vscode/l10n) is configured with. */
export function currentTranslations(): Translations {
  return translations;
}
