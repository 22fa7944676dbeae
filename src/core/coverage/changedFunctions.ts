// "Is what I changed tested?": the functions whose lines the branch changed (a diff's hunks against the
// merge base), and which of them the coverage of the branch's latest build says ran. Plain Node.
import * as l10n from '@vscode/l10n';
import type { FunctionCoverage } from '../../api/models';
import { functionRan } from '../../api/parsing/parseResults';
import { DECLARATIONS, sourceFileParts } from '../testing/testSources';
import { functionBaseName } from './coverageFiles';

/** Lines from `start` to `end`, both included, 0-based. */
export interface LineRange {
  readonly start: number;
  readonly end: number;
}

export interface FunctionExtent extends LineRange {
  readonly name: string;
}

/** At most this many changed ranges are kept of one file's diff. */
const MAX_RANGES = 10_000;

/**
 * The new side's changed lines of a unified diff, sorted: each added line, and for lines only deleted
 * the line after them, so a function that lost lines counts as changed. Context lines are not changes.
 */
export function changedLines(diff: string): LineRange[] {
  const ranges: LineRange[] = [];
  const mark = (line: number) => {
    const last = ranges[ranges.length - 1];
    if (last && line <= last.end + 1 && line >= last.start)
      ranges[ranges.length - 1] = { start: last.start, end: Math.max(last.end, line) };
    else if (ranges.length < MAX_RANGES) ranges.push({ start: line, end: line });
  };
  let line = -1;
  for (const text of diff.split('\n')) {
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (hunk) line = Number(hunk[1]) - 1;
    else if (line < 0) continue;
    else if (text.startsWith('+')) mark(line++);
    else if (text.startsWith('-')) mark(Math.max(0, line));
    else if (text.startsWith(' ')) line++;
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** Each function the file declares, from its declaration to the line before the next one (or the end). */
export function functionExtents(path: string, text: string): FunctionExtent[] {
  const { extension } = sourceFileParts(path);
  if (!extension) return [];
  const pattern = new RegExp(DECLARATIONS[extension].source, DECLARATIONS[extension].flags);
  const starts: { name: string; line: number }[] = [];
  let line = 0;
  let at = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    for (; at < m.index; at++) if (text.charCodeAt(at) === 10) line++;
    starts.push({ name: m[1].replace(/`/g, ''), line });
  }
  const last = text.split('\n').length - 1;
  return starts.map((s, i) => ({ name: s.name, start: s.line, end: i + 1 < starts.length ? starts[i + 1].line - 1 : last }));
}

/** The extents that any of `changed` touches; both sorted by start, walked once together. */
export function touchedFunctions(extents: readonly FunctionExtent[], changed: readonly LineRange[]): FunctionExtent[] {
  const touched: FunctionExtent[] = [];
  let c = 0;
  for (const fn of extents) {
    while (c < changed.length && changed[c].end < fn.start) c++;
    // Ranges may overlap several functions: look ahead without moving past this one.
    for (let k = c; k < changed.length && changed[k].start <= fn.end; k++) {
      if (changed[k].end >= fn.start) {
        touched.push(fn);
        break;
      }
    }
  }
  return touched;
}

/**
 * The base names of a report file's functions that ran (covered lines or a fraction above 0): read once
 * per file, so asking for each changed function costs a lookup, not a pass over the report.
 */
export function ranInReport(reported: readonly FunctionCoverage[]): ReadonlySet<string> {
  const ran = new Set<string>();
  for (const f of reported) {
    if (functionRan(f) !== true) continue;
    const name = functionBaseName(f.name);
    if (name !== undefined) ran.add(name);
  }
  return ran;
}

/** Each file's lines, in the order given; one pass, each line appended (not a file's list copied per function). */
export function linesByFile<F extends { readonly line: number }>(functions: readonly F[], fileOf: (f: F) => string): Map<string, number[]> {
  const byFile = new Map<string, number[]>();
  for (const f of functions) {
    const file = fileOf(f);
    const lines = byFile.get(file);
    if (lines) lines.push(f.line);
    else byFile.set(file, [f.line]);
  }
  return byFile;
}

/**
 * The report's file for a path in the repository: the build machine's clone is elsewhere, so its path
 * ends with the repository's. Indexed by file name once; a lookup compares only the files of that name.
 */
export function coverageByPath<F extends { readonly path: string }>(report: readonly F[]): (path: string) => F | undefined {
  const byName = new Map<string, F[]>();
  for (const file of report) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const named = byName.get(name);
    if (named) named.push(file);
    else byName.set(name, [file]);
  }
  return (path) => byName.get(path.slice(path.lastIndexOf('/') + 1))?.find((f) => f.path === path || f.path.endsWith(`/${path}`));
}

/** "changed functions run by tests: 7 of 10" */
/** "changed functions run by tests: 7 of 10"; "no changed functions" rather than a figure for nothing. */
export function changedFunctionsText(ran: number, changed: number): string {
  return changed === 0 ? l10n.t('no changed functions') : l10n.t('changed functions run by tests: {0} of {1}', ran, changed);
}

/** What Current Branch says beside the build: nothing when no function changed. */
export function changedFunctionsNote(ran: number, changed: number): string | undefined {
  return changed === 0 ? undefined : changedFunctionsText(ran, changed);
}
