// JSON.parse builds whatever it is given: 32 MiB of `[[[[…` became 16 million arrays (1.7 GB, 5 s of a
// blocked host). No answer of the API nests more than a few levels, so deeper text is refused unparsed.

/** Far deeper than any answer of the API, whose deepest (coverage per function) nests a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/** True when `text`, read as JSON, nests arrays and objects deeper than `max`; strings are skipped. */
export function nestsDeeper(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
