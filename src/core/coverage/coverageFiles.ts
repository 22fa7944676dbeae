// A build's coverage: the search glob for its files, its line counts, its functions found by one scan of their file.
import type { FileCoverage, FunctionCoverage, LineCount } from '../../api/models';
import { findDeclarations, sourceFileParts, type SourceRange } from '../testing/testSources';
import { baseNameOf, MATCH_LIMITS } from './coverageMatch';

export interface GlobLimits {
  /** More names than this and the search asks for their extensions instead: a glob is a command line. */
  readonly names: number;
  /** Extensions asked for, the most common; 200,000 made a glob of 1.5 MB. */
  readonly extensions: number;
}

export const GLOB_LIMITS: GlobLimits = { names: 500, extensions: 50 };
/** Workspace files the search may return: enough for a large app; the search is one glob for the whole report. */
export const WORKSPACE_FILES_MAX = 20_000;

export interface CoverageSearch {
  /** Undefined when no name could be searched for. */
  readonly glob: string | undefined;
  /** Extensions of the report not asked for (the rarest), past `extensions`. */
  readonly extensionsLeftOut: number;
}

const GLOB_SAFE = /^[\w.@+-]+$/;
/** Longer is no file name on the common file systems. */
const NAME_MAX = 255;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** One glob for the files of the report that are matched (the first MATCH_LIMITS.reportFiles). */
export function coverageGlob(files: readonly Pick<FileCoverage, 'path'>[], limits = GLOB_LIMITS): CoverageSearch {
  const names = new Set<string>();
  for (let i = 0; i < Math.min(files.length, MATCH_LIMITS.reportFiles); i++) {
    const name = baseNameOf(files[i].path);
    if (name.length <= NAME_MAX && GLOB_SAFE.test(name) && name !== '.' && name !== '..') names.add(name);
  }
  if (names.size <= limits.names) return { glob: globOf('**/', [...names].sort()), extensionsLeftOut: 0 };
  const counts = new Map<string, number>();
  for (const name of names) {
    const dot = name.lastIndexOf('.');
    if (dot > 0) counts.set(name.slice(dot + 1), (counts.get(name.slice(dot + 1)) ?? 0) + 1);
  }
  const common = [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || (a < b ? -1 : 1));
  const kept = common.slice(0, limits.extensions).sort();
  return { glob: globOf('**/*.', kept), extensionsLeftOut: common.length - kept.length };
}

function globOf(prefix: string, alternatives: readonly string[]): string | undefined {
  if (alternatives.length === 0) return undefined;
  return alternatives.length === 1 ? `${prefix}${alternatives[0]}` : `${prefix}{${alternatives.join(',')}}`;
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
