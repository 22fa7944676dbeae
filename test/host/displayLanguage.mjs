// VS Code's display language in the test host. code-server's --locale alone is not enough: VS Code
// resolves a display language only through a language pack registered in <user-data-dir>/languagepacks.json
// (installing a language-pack extension writes its entry there); without one it falls back to English,
// and extensions see vscode.env.language 'en' (tried: `--locale de` alone gives 'en').
// No language pack can be fetched here (no network), so the test host registers one for the locale whose
// translation of VS Code's own words is empty: the workbench's own texts stay English, while VS Code runs
// in that language for extensions and loads their package.nls.<locale>.json and l10n bundle, as it
// does for a user with the real language pack.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * With a display language other than English the workbench asks the extension gallery for the
 * translations of its built-in extensions, a request off this machine; an empty gallery
 * configuration (code-server reads it from this variable) turns the gallery off, so nothing is asked.
 */
export const noGalleryEnv = { EXTENSIONS_GALLERY: '{}' };

/** Registers a language pack for `locale` (e.g. 'de') in a code-server user data folder. */
export function registerLanguagePack(userDataDir, locale) {
  const translations = path.join(userDataDir, 'test-language-pack', locale, 'main.i18n.json');
  mkdirSync(path.dirname(translations), { recursive: true });
  // VS Code's core messages by module; none given, so each falls back to its English text.
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const entry = {
    // Names the folder VS Code caches the generated messages in (<user-data-dir>/clp/<hash>.<locale>).
    hash: `test-${locale}`,
    extensions: [{ extensionIdentifier: { id: `build-service-test.language-pack-${locale}` }, version: '0.0.0' }],
    translations: { vscode: translations },
    label: locale,
  };
  writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify({ [locale]: entry }, null, 2));
}
