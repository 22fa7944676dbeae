import * as l10n from '@vscode/l10n';

/** Consulted when no token is stored; read at use time, never cached. */
export const TOKEN_ENV_VAR = 'BUILD_SERVICE_TOKEN';

/** Surrounding whitespace is a copy-paste accident, so it is dropped rather than refused. */
export function normalizeToken(raw: string): string {
  return raw.trim();
}

// Controls, DEL and the invisible format characters (zero-width space, BOM, bidi marks) a paste brings.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/u;
const SPACE = /\s/u;
// Sent in an HTTP header, so printable ASCII only; the client refuses anything else before sending.
const SENDABLE = /^[\x21-\x7e]+$/;

/** Shown under the input box, so it says what to fix and never echoes the value. */
export function tokenProblem(raw: string): string | undefined {
  const token = normalizeToken(raw);
  if (token.length === 0) return l10n.t('Paste the personal access token from the dashboard.');
  if (CONTROL.test(token)) return l10n.t('The token contains a control or invisible character. Copy it again from the dashboard.');
  if (SPACE.test(token)) return l10n.t('The token cannot contain spaces. Copy it again from the dashboard.');
  if (!SENDABLE.test(token))
    return l10n.t('The token can only contain ASCII letters, digits and punctuation. Copy it again from the dashboard.');

  return undefined;
}
