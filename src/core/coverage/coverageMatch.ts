// A build's coverage files matched to workspace files: the same name, then the longest shared path suffix.
import type { FileCoverage } from '../../api/models';

/** Per report file, the index of the same-named workspace file sharing most trailing segments (ties: the
 * first), or -1; two report files never share one, the one sharing more keeps it. */
export function matchCoverageFiles(files: readonly Pick<FileCoverage, 'path'>[], workspacePaths: readonly string[]): Int32Array {
  // Typed arrays, open-addressed by name hash: garbage made while the parsed answer is alive is costly.
  let size = 16;
  while (size < workspacePaths.length * 2) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  const hashes = new Int32Array(workspacePaths.length);
  // 1 for a name more than one workspace file has: only then are paths compared.
  const repeated = new Uint8Array(workspacePaths.length);
  for (let w = 0; w < workspacePaths.length; w++) {
    const hash = nameHash(workspacePaths[w]);
    hashes[w] = hash;
    let slot = hash & mask;
    for (; slots[slot] !== -1; slot = (slot + 1) & mask) {
      const other = slots[slot];
      if (hashes[other] === hash && sameName(workspacePaths[w], workspacePaths[other])) repeated[other] = repeated[w] = 1;
    }
    slots[slot] = w;
  }
  const match = new Int32Array(files.length).fill(-1);
  const owner = new Int32Array(workspacePaths.length).fill(-1);
  for (let f = 0; f < files.length; f++) {
    const path = files[f].path;
    const hash = nameHash(path);
    let chosen = -1;
    let score = -1;
    for (let slot = hash & mask; slots[slot] !== -1; slot = (slot + 1) & mask) {
      const w = slots[slot];
      if (hashes[w] !== hash || !sameName(path, workspacePaths[w])) continue;
      const shared = repeated[w] ? sharedSuffix(path, workspacePaths[w]) : 1;
      if (shared > score) {
        chosen = w;
        score = shared;
      }
    }
    if (chosen === -1) continue;
    const taken = owner[chosen];
    if (taken !== -1) {
      // Two report files of one name: the closer keeps it (scores of a unique name were left at 1).
      score = sharedSuffix(path, workspacePaths[chosen]);
      if (score <= sharedSuffix(files[taken].path, workspacePaths[chosen])) continue;
      match[taken] = -1;
    }
    match[f] = chosen;
    owner[chosen] = f;
  }
  return match;
}

function isSeparator(code: number): boolean {
  return code === 47 || code === 92; // '/' or '\\'
}

/** A hash of the file name (after the last separator), read from the end. */
function nameHash(path: string): number {
  let hash = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    const c = path.charCodeAt(i);
    if (isSeparator(c)) break;
    hash = (Math.imul(hash, 31) + c) | 0;
  }
  return hash;
}

function sameName(a: string, b: string): boolean {
  let i = a.length - 1;
  let j = b.length - 1;
  for (; i >= 0 && j >= 0; i--, j--) {
    const c = a.charCodeAt(i);
    const d = b.charCodeAt(j);
    if (isSeparator(c) || isSeparator(d)) return isSeparator(c) && isSeparator(d);
    if (c !== d) return false;
  }
  return (i < 0 || isSeparator(a.charCodeAt(i))) && (j < 0 || isSeparator(b.charCodeAt(j)));
}

/** How many trailing path segments two paths share (either separator; empty segments do not count). */
export function sharedSuffix(a: string, b: string): number {
  let i = a.length - 1;
  let j = b.length - 1;
  let segments = 0;
  let length = 0; // of the segment being compared
  for (; i >= 0 && j >= 0; i--, j--) {
    const c = a.charCodeAt(i);
    const d = b.charCodeAt(j);
    const ends = isSeparator(c);
    if (ends !== isSeparator(d) || (!ends && c !== d)) return segments;
    if (!ends) length++;
    else if (length > 0) {
      segments++;
      length = 0;
    }
  }
  const bothEnd = (i < 0 || isSeparator(a.charCodeAt(i))) && (j < 0 || isSeparator(b.charCodeAt(j)));
  return bothEnd && length > 0 ? segments + 1 : segments;
}
