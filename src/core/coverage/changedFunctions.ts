// "Is what I changed tested?": the functions whose lines the branch changed (a diff's hunks against the
// merge base), and which of them the coverage of the branch's latest build says ran. Plain Node.
import * as l10n from '@vscode/l10n';
import type { FunctionCoverage } from '../../api/models';
import { functionRan } from '../../api/parseResults';
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

/** At most this many hunks are read of one file's diff. */
const MAX_HUNKS = 10_000;

/**
 * The new side's changed lines of a unified diff (`@@ -a,b +c,d @@`), sorted. A hunk that only deletes
 * marks the line after the deletion, so a function that lost lines counts as changed.
 */
export function changedLines(diff: string): LineRange[] {
  const ranges: LineRange[] = [];
  const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm;
  for (let m = hunk.exec(diff); m && ranges.length < MAX_HUNKS; m = hunk.exec(diff)) {
    const start = Number(m[1]) - 1;
    const count = m[2] === undefined ? 1 : Number(m[2]);
    ranges.push({ start: Math.max(0, start), end: Math.max(0, start + Math.max(count, 1) - 1) });
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

/** Whether the report says the function ran: by its base name, covered lines or a fraction above 0. */
export function ranInReport(name: string, reported: readonly FunctionCoverage[]): boolean {
  return reported.some((f) => functionBaseName(f.name) === name && functionRan(f) === true);
}

/** "changed functions run by tests: 7 of 10" */
export function changedFunctionsText(ran: number, changed: number): string {
  return l10n.t('changed functions run by tests: {0} of {1}', ran, changed);
}
