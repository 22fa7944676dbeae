// The one rule for text from the service, which is not trusted: its words are data that cannot spoof a
// line, hide a direction change, draw an icon or become a link, in a view, a notification, a tooltip's
// markdown or a chat tool's answer (which a language model may copy into markdown) alike.

/**
 * C0 and C1 controls, bidi embeddings, overrides, isolates and marks, zero-width and invisible formatters;
 * and the tag characters and supplementary variation selectors (U+E0000–E007F, U+E0100–E01EF, as surrogate
 * pairs), drawn as nothing but read by a language model as the ASCII they shift ("ASCII smuggling").
 */
const INVISIBLE =
  /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]/g;
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** `[label](target)`: markdown's link, and a notification's, which runs `command:` targets. */
const LINK_TARGET = /\]\s*\(/g;
/** `<command:…>` or `<https://…>`: an autolink in markdown. */
const AUTOLINK = /<(?=[a-z][a-z0-9+.-]*:)/gi;
/** Anything plainText would change: an invisible character, a break, two spaces, space at either end, a link. */
const NEEDS_WORK = new RegExp(`${INVISIBLE.source}|${BREAKS.source}| {2}|^\\s|\\s$|${LINK_TARGET.source}|${AUTOLINK.source}`, 'i');

export const SHOWN_MAX = 200;

/**
 * One line of plain text, in every surface: invisible characters gone, breaks and runs of spaces collapsed,
 * `](` and `<scheme:` broken apart so no markdown reads a link, capped with an ellipsis.
 */
export function shownText(text: string, max = SHOWN_MAX): string {
  return capped(plainText(text), max);
}

/** For the status bar and other places that draw `$(name)` as an icon: shown, the icon syntax escaped. */
export function iconSafeText(text: string, max = SHOWN_MAX): string {
  return capped(plainText(text).replace(/\$\(/g, '\\$('), max);
}

/** For the log: complete (no cap), but on one line, so a value can never add a line of its own. */
export function loggedText(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/g, '\\n');
}

declare const NOTICE: unique symbol;

/** A notification's text: our translated template, every value in it made inert by shownText. */
export type NoticeText = string & { readonly [NOTICE]: true };

/** Fills an `l10n.t` template for a notification: each `{n}` made inert by shownText, the template as written. */
export function noticeText(template: string, ...values: readonly (string | number)[]): NoticeText {
  return filledText(template, values, (value) => shownText(value)) as NoticeText;
}

/** Templates split at their placeholders: ["text", "0", "text", …]. Ours, so a few dozen at most. */
const templateParts = new Map<string, readonly string[]>();
const asIs = (text: string): string => text;

/**
 * Each `{n}` becomes `values[n]` as `rule` shows it, in one pass so a value's own `{1}` stays text.
 * Also for rows made by the thousand: no regex per call, where `l10n.t` with values runs one.
 */
export function filledText(template: string, values: readonly (string | number)[], rule: (text: string) => string = asIs): string {
  let parts = templateParts.get(template);
  if (!parts) templateParts.set(template, (parts = template.split(/\{(\d+)\}/)));
  let text = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    const index = parts[i] ?? '';
    const value = values[Number(index)];
    text += (value === undefined ? `{${index}}` : typeof value === 'number' ? String(value) : rule(value)) + (parts[i + 1] ?? '');
  }
  return text;
}

function plainText(text: string): string {
  // Most names need nothing: one test instead of five replacements.
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(INVISIBLE, '').replace(BREAKS, ' ').replace(LINK_TARGET, '] (').replace(AUTOLINK, '< ').replace(/ {2,}/g, ' ').trim();
}

function capped(line: string, max: number): string {
  if (line.length <= max) return line;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(line.charAt(end - 1))) end--; // never half of a surrogate pair
  return `${line.slice(0, end).trimEnd()}…`;
}
