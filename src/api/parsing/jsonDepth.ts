// JSON.parse builds whatever it is given: 32 MiB of `[[[[…` became 16 million arrays (1.7 GB, 5 s of a
// blocked host). No answer of the API nests more than a few levels, so deeper text is refused unparsed;
// nor does one hold a million arrays and objects, which 32 MiB of `{},` (11 million, 1.2 GB) shallow did.

/** Far deeper than any answer of the API, whose deepest (coverage per function) nests a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Far more arrays and objects than any answer of the API holds: the largest the size cap lets through, a
 * 32 MiB coverage report in the documented shape, has about 370,000 (one a function).
 */
export const MAX_JSON_CONTAINERS = 1_000_000;

export type JsonShapeProblem = 'too-deep' | 'too-many';

/** Why `text`, read as JSON, would not be parsed: nested deeper than `maxDepth`, or more than `maxContainers` arrays and objects; strings are skipped. */
export function jsonShapeProblem(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxContainers = MAX_JSON_CONTAINERS,
): JsonShapeProblem | undefined {
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'too-deep';
      if (++containers > maxContainers) return 'too-many';
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** True when `text`, read as JSON, nests arrays and objects deeper than `max`; strings are skipped. */
export function nestsDeeper(text: string, max = MAX_JSON_DEPTH): boolean {
  return jsonShapeProblem(text, max, Infinity) === 'too-deep';
}
