// A build's coverage files matched to workspace files by path suffix, its functions found by one scan of their file.
import type { FileCoverage, FunctionCoverage, LineCount } from '../../api/models';
import { findDeclarations, sourceFileParts, type SourceRange } from '../testing/testSources';

/** More names than this and the search asks for the extensions instead: a glob is a command line. */
export const MAX_GLOB_NAMES = 500;

const GLOB_SAFE = /^[\w.@+-]+$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function baseNameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** One glob for every file of the report; undefined when no name could be searched for. */
export function coverageGlob(files: readonly Pick<FileCoverage, 'path'>[], maxNames = MAX_GLOB_NAMES): string | undefined {
  const names = new Set<string>();
  for (const file of files) {
    const name = baseNameOf(file.path);
    if (GLOB_SAFE.test(name) && name !== '.' && name !== '..') names.add(name);
  }
  if (names.size === 0) return undefined;
  if (names.size > maxNames) {
    const list = [...new Set([...names].filter((n) => n.lastIndexOf('.') > 0).map((n) => n.slice(n.lastIndexOf('.') + 1)))].sort();
    if (list.length === 0) return undefined;
    return list.length === 1 ? `**/*.${list[0]}` : `**/*.{${list.join(',')}}`;
  }
  const sorted = [...names].sort();
  return sorted.length === 1 ? `**/${sorted[0]}` : `**/{${sorted.join(',')}}`;
}

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

/** Lines covered of lines counted; a report with only a fraction counts it in thousandths. */
export function statementCount(file: Pick<FileCoverage, 'lines' | 'coverage'>): LineCount | undefined {
  if (file.lines) return file.lines;
  return file.coverage === undefined ? undefined : { covered: Math.round(file.coverage * 1000), total: 1000 };
}

/** `render` for `BoardView.render()`, `render(at:)`, `Board.render`, `-[BoardView render]`, `closure #1 in BoardView.render()`. */
export function functionBaseName(reported: string): string | undefined {
  const objc = /^[-+]\[\S+ ([A-Za-z_]\w*)/.exec(reported);
  let name = objc ? objc[1] : reported.replace(/\(.*$/s, '');
  name = name.slice(Math.max(name.lastIndexOf('.'), name.lastIndexOf(' ')) + 1).trim();
  return IDENTIFIER.test(name) ? name : undefined;
}

/** Each of the file's reported functions its text declares, found in one pass over the text. */
export function locateFunctions(path: string, text: string, functions: readonly FunctionCoverage[]): Map<FunctionCoverage, SourceRange> {
  const located = new Map<FunctionCoverage, SourceRange>();
  const { extension } = sourceFileParts(path);
  if (!extension || functions.length === 0) return located;
  const names = new Set<string>();
  for (const fn of functions) {
    const name = functionBaseName(fn.name);
    if (name) names.add(name);
  }
  const ranges = findDeclarations(text, extension, names);
  for (const fn of functions) {
    const name = functionBaseName(fn.name);
    const range = name === undefined ? undefined : ranges.get(name);
    if (range) located.set(fn, range);
  }
  return located;
}
