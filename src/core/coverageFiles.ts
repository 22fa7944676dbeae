// A build's coverage in the workspace: its files matched to workspace files by path suffix (one search
// for all of them), and its functions located by one scan of their file.
import type { FileCoverage, FunctionCoverage, LineCount } from '../api/models';
import { findDeclarations, sourceFileParts, type SourceRange } from './testSources';

/** More names than this and the search asks for the extensions instead: a glob is a command line. */
export const MAX_GLOB_NAMES = 500;

const GLOB_SAFE = /^[\w.@+-]+$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function baseNameOf(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return slash === -1 ? path : path.slice(slash + 1);
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

export interface CoverageMatch<W> {
  /** Each report file found, with its workspace file. */
  readonly matched: { readonly file: FileCoverage; readonly workspace: W }[];
  /** Report files with no workspace file (or whose file went to a closer match). */
  readonly missing: FileCoverage[];
}

/**
 * A report file goes to the workspace file of the same name that shares the most trailing path
 * segments with it (ties: the first in `workspaceFiles`' order); two report files never share one.
 */
export function matchCoverageFiles<W>(
  files: readonly FileCoverage[],
  workspaceFiles: readonly W[],
  pathOf: (file: W) => string,
): CoverageMatch<W> {
  const byName = new Map<string, W[]>();
  for (const w of workspaceFiles) {
    const name = baseNameOf(pathOf(w));
    const list = byName.get(name);
    if (list) list.push(w);
    else byName.set(name, [w]);
  }
  const best = new Map<W, { file: FileCoverage; score: number }>();
  const missing: FileCoverage[] = [];
  for (const file of files) {
    const candidates = byName.get(baseNameOf(file.path));
    if (!candidates) {
      missing.push(file);
      continue;
    }
    let chosen = candidates[0];
    let score = candidates.length === 1 ? 1 : sharedSuffix(file.path, pathOf(chosen));
    for (let i = 1; i < candidates.length; i++) {
      const s = sharedSuffix(file.path, pathOf(candidates[i]));
      if (s > score) [chosen, score] = [candidates[i], s];
    }
    const taken = best.get(chosen);
    if (taken === undefined) best.set(chosen, { file, score });
    else if (score > sharedSuffix(taken.file.path, pathOf(chosen))) {
      missing.push(taken.file);
      best.set(chosen, { file, score });
    } else missing.push(file);
  }
  const matched = [...best].map(([workspace, { file }]) => ({ file, workspace }));
  return { matched, missing };
}

/** How many trailing path segments two paths share (either separator). */
export function sharedSuffix(a: string, b: string): number {
  const left = a.split(/[\\/]/);
  const right = b.split(/[\\/]/);
  let n = 0;
  while (
    n < left.length &&
    n < right.length &&
    left[left.length - 1 - n] === right[right.length - 1 - n] &&
    left[left.length - 1 - n] !== ''
  ) {
    n++;
  }
  return n;
}

/** Lines covered of lines counted; a report with only a fraction counts it in thousandths. */
export function statementCount(file: Pick<FileCoverage, 'lines' | 'coverage'>): LineCount | undefined {
  if (file.lines) return file.lines;
  return file.coverage === undefined ? undefined : { covered: Math.round(file.coverage * 1000), total: 1000 };
}

/** Whether the function ran at all; undefined when the report does not say. */
export function functionExecuted(fn: FunctionCoverage): boolean | undefined {
  if (fn.lines) return fn.lines.covered > 0;
  return fn.coverage === undefined ? undefined : fn.coverage > 0;
}

/** Functions that ran, of those the report says something about. */
export function functionCount(functions: readonly FunctionCoverage[]): LineCount | undefined {
  let covered = 0;
  let total = 0;
  for (const fn of functions) {
    const executed = functionExecuted(fn);
    if (executed === undefined) continue;
    total++;
    if (executed) covered++;
  }
  return total === 0 ? undefined : { covered, total };
}

/**
 * The name a function is declared under: `render` for `BoardView.render()`, `render(at:)`,
 * `Board.render`, `-[BoardView render]` or `closure #1 in BoardView.render()` (the function it is in).
 */
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
