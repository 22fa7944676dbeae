// A build's coverage: the search glob for its files, its line counts, its functions found by one scan of their file.
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
