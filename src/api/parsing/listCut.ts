// A list inside a JSON answer cut to its first items before JSON.parse: 32 MiB of test results held
// 909,879 tests, which JSON.parse made into objects (83 MiB, about 1 s of a blocked host) only for all but
// the first 20,000 to be dropped. One pass over the text, counting items of the list at the top level only.

export interface CutText {
  /** The text with the list holding at most `max` items. */
  readonly text: string;
  /** The items the answer's list held; 0 when it had none or no such list. */
  readonly listed: number;
}

/** `text` with the array of the top-level object's `key` cut to `max` items (each such key, should it repeat). */
export function cutList(text: string, key: string, max: number): CutText {
  const quotedKey = JSON.stringify(key);
  const kept: string[] = [];
  let from = 0;
  let listed = 0;
  let depth = 0;
  /** Where the last string of the top-level object ended, and whether it was `key`. */
  let keyEnd = -1;
  // Inside the list: its depth, the items begun so far, where the cut goes.
  let listDepth = 0;
  let items = 0;
  let cutAt = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (listDepth !== 0 && depth === listDepth && items === 0 && c !== 0x5d) items = 1;
    if (c === 0x22) {
      // Most of an answer is strings: jump to the quote that ends this one (one not escaped).
      const start = i;
      i = stringEnd(text, i);
      if (depth === 1) keyEnd = i - start + 1 === quotedKey.length && text.startsWith(quotedKey, start) ? i : -1;
    } else if (c === 0x5b || c === 0x7b) {
      if (depth === 1 && c === 0x5b && keyEnd >= 0 && /^\s*:\s*$/.test(text.slice(keyEnd + 1, i))) {
        listDepth = 2;
        items = 0;
        cutAt = -1;
      }
      depth++;
    } else if (c === 0x5d || c === 0x7d) {
      if (listDepth !== 0 && depth === listDepth) {
        listed += items;
        if (cutAt >= 0) {
          kept.push(text.slice(from, cutAt));
          from = i;
        }
        listDepth = 0;
      }
      depth--;
    } else if (c === 0x2c && listDepth !== 0 && depth === listDepth) {
      if (items === max) cutAt = i;
      items++;
    } else if (c !== 0x3a && depth === 1) keyEnd = -1;
  }
  if (kept.length === 0) return { text, listed };
  kept.push(text.slice(from));
  return { text: kept.join(''), listed };
}

/** The index of the quote that ends the string opened at `open`; the text's end when none does. */
function stringEnd(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at > 0) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return text.length;
}
