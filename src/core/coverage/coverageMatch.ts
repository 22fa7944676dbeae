// A build's coverage files matched to workspace files: the same name, then the longest shared path suffix.
// An index of the workspace paths by reversed path keeps it linear in the paths' length, however many
// files share a name (a monorepo of `index.ts`, a generated `A.swift` per module).
import type { FileCoverage } from '../../api/models';
import { nextTurn } from '../nextTurn';

export interface MatchLimits {
  /** Report files matched; a report can name more files than the workspace search returns (20,000). */
  readonly reportFiles: number;
  /** Workspace files of one name that can be matched. */
  readonly candidatesPerName: number;
}

export const MATCH_LIMITS: MatchLimits = { reportFiles: 50_000, candidatesPerName: 10_000 };

export interface CoverageMatch {
  /** Per report file, the index of its workspace file, or -1. */
  readonly match: Int32Array;
  /** Report files past `reportFiles`, not matched. */
  readonly reportFilesLeftOut: number;
  /** Workspace files past `candidatesPerName` of their name, never matched. */
  readonly candidatesLeftOut: number;
}

export function baseNameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Paths indexed or report files matched between two turns of the event loop: a few milliseconds. */
const STEP = 2_000;

/** Per report file, the index of the same-named workspace file sharing most trailing segments (ties: the
 * first), or -1; two report files never share one, the one sharing more keeps it. All at once. */
export function matchCoverageFiles(
  files: readonly Pick<FileCoverage, 'path'>[],
  workspacePaths: readonly string[],
  limits = MATCH_LIMITS,
): Int32Array {
  const steps = coverageMatching(files, workspacePaths, limits);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value.match;
  }
}

/** The same, giving the event loop a turn between steps so the extension host stays responsive. */
export async function matchCoverageFilesInTurns(
  files: readonly Pick<FileCoverage, 'path'>[],
  workspacePaths: readonly string[],
  limits = MATCH_LIMITS,
): Promise<CoverageMatch> {
  const steps = coverageMatching(files, workspacePaths, limits);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await nextTurn();
  }
}

function* coverageMatching(
  files: readonly Pick<FileCoverage, 'path'>[],
  workspacePaths: readonly string[],
  limits: MatchLimits,
): Generator<void, CoverageMatch, void> {
  const index = new ReversedPaths(workspacePaths, limits.candidatesPerName);
  for (let w = 0; w < workspacePaths.length; w++) {
    index.add(w);
    if (w % STEP === STEP - 1) yield;
  }
  const matched = Math.min(files.length, limits.reportFiles);
  const match = new Int32Array(files.length).fill(-1);
  const owner = new Int32Array(workspacePaths.length).fill(-1);
  for (let f = 0; f < matched; f++) {
    if (f % STEP === STEP - 1) yield;
    const path = files[f].path;
    const chosen = index.closest(path);
    if (chosen === -1) continue;
    const taken = owner[chosen];
    if (taken !== -1) {
      // Two report files close to one workspace file: the closer keeps it, the first on a tie.
      if (sharedSuffix(path, workspacePaths[chosen]) <= sharedSuffix(files[taken].path, workspacePaths[chosen])) continue;
      match[taken] = -1;
    }
    match[f] = chosen;
    owner[chosen] = f;
  }
  return { match, reportFilesLeftOut: files.length - matched, candidatesLeftOut: index.leftOut };
}

/** Workspace paths added in order, so a node's `first` is the lowest index among the paths through it. */
interface PathNode {
  readonly first: number;
  /** While one path alone runs through the node, its index: its further segments are read only when a second arrives. */
  alone: number;
  /** Where that path's next segment ends (-1: it has none). */
  rest: number;
  children: Map<string, PathNode> | undefined;
  /** On a name's node: how many paths of that name were added. */
  count: number;
}

const leaf = (w: number, rest: number): PathNode => ({ first: w, alone: w, rest, children: undefined, count: 1 });

/** A trie of the paths by their segments read from the end: the name, its folder, that folder's folder… */
class ReversedPaths {
  private readonly byName = new Map<string, PathNode>();
  leftOut = 0;

  constructor(
    private readonly paths: readonly string[],
    private readonly perName: number,
  ) {}

  add(w: number): void {
    const path = this.paths[w];
    let start = segmentStart(path, path.length);
    let node: PathNode | undefined = this.byName.get(path.slice(start));
    if (!node) return void this.byName.set(path.slice(start), leaf(w, start - 1));
    if (node.count >= this.perName) return void this.leftOut++;
    node.count++;
    for (let end = start - 1; ; end = start - 1) {
      if (node.alone !== -1) this.split(node);
      if (end < 0) return;
      start = segmentStart(path, end);
      const segment = path.slice(start, end);
      node.children ??= new Map<string, PathNode>();
      const child: PathNode | undefined = node.children.get(segment);
      if (!child) return void node.children.set(segment, leaf(w, start - 1));
      node = child;
    }
  }

  /** The workspace path sharing most trailing segments with `path` (empty segments do not count), the first on a tie; -1 for none. */
  closest(path: string): number {
    let start = segmentStart(path, path.length);
    let node: PathNode | undefined = this.byName.get(path.slice(start));
    if (!node || node.alone !== -1) return node ? node.alone : -1;
    let score = start < path.length ? 1 : 0;
    let best = node.first;
    for (let end = start - 1; end >= 0; end = start - 1) {
      start = segmentStart(path, end);
      const child: PathNode | undefined = node.children?.get(path.slice(start, end));
      if (!child) return best;
      node = child;
      if (start < end) {
        score++;
        best = node.first;
      }
      if (node.alone !== -1) return sharedSuffix(path, this.paths[node.alone]) > score ? node.alone : best;
    }
    return best;
  }

  private split(node: PathNode): void {
    const [other, end] = [node.alone, node.rest];
    node.alone = -1;
    node.children = new Map<string, PathNode>();
    if (end < 0) return;
    const path = this.paths[other];
    const start = segmentStart(path, end);
    node.children.set(path.slice(start, end), leaf(other, start - 1));
  }
}

/** Where the segment that ends at `end` starts: just after the separator before it, or 0. */
function segmentStart(path: string, end: number): number {
  let i = end - 1;
  while (i >= 0 && !isSeparator(path.charCodeAt(i))) i--;
  return i + 1;
}

function isSeparator(code: number): boolean {
  return code === 47 || code === 92; // '/' or '\\'
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
