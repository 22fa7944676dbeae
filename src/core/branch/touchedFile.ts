// Which of the walked commits changed the failing test's file, from one `git log -- <file>` of the walk's
// range instead of a diff per commit; a diff is asked only of the merges that log cannot settle.
import { isCommitSha, logRefs, type LoggedCommit } from './commitsBetween';

/** Commits a file's log lists at most; more, and every walked commit it did not list is unsure. */
export const FILE_LOG_MAX = 400;

/**
 * The test's file as git is asked for it (after `--`): its path in the repository taken literally, or, for a
 * file the Testing view found in another folder of the workspace, its name at any depth. Undefined for a
 * name git would read as a pattern, or any control character.
 */
export function fileSpec(relativePath: string | undefined, name: string): string | undefined {
  if (relativePath !== undefined)
    return relativePath && !/[\u0000-\u001F\u007F]/.test(relativePath) ? `:(literal)${relativePath}` : undefined;
  return name && !/[*?[\]\\\u0000-\u001F\u007F]/.test(name) ? `:(glob)**/${name}` : undefined;
}

/** Diffs asked at once. */
const IN_FLIGHT = 4;

/**
 * The walked commits that changed the file `spec` names (see fileSpec), each against its first parent:
 * `log` is the Git extension's log (`refNames`, `maxEntries`, `path`), asked once over the walked range;
 * `changesFile` a diff of a commit against its first parent, asked only for the merges that log leaves unsure.
 */
export async function touchingCommits<C extends LoggedCommit>(
  walked: readonly C[],
  logged: ReadonlyMap<string, LoggedCommit>,
  spec: string,
  log: (refNames: string[], count: number, path: string) => Promise<readonly { readonly hash: string }[]>,
  changesFile: (commit: C) => Promise<boolean>,
): Promise<Set<string>> {
  const newest = walked[0]?.hash;
  if (!isCommitSha(newest)) return new Set();
  const below = walked[walked.length - 1].parents[0];
  // Each merge's first parent is a start of its own: git follows a merge's other parent only when the merge
  // kept that parent's file, and would then never show the first-parent line below it.
  const firstParents = walked.filter((c) => c.parents.length > 1 && isCommitSha(c.parents[0])).map((c) => c.parents[0]);
  const refs = logRefs(newest, isCommitSha(below) ? below : undefined);
  const shown = await log([...refs, ...new Set(firstParents)], FILE_LOG_MAX, spec);
  const { touched, unsure } = touchedBy(walked, logged, shown, shown.length < FILE_LOG_MAX);
  const byHash = new Map(walked.map((c) => [c.hash, c]));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < unsure.length; i = next++) {
      const commit = byHash.get(unsure[i].hash);
      if (commit && (await changesFile(commit).catch(() => false))) touched.add(commit.hash);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return touched;
}

/**
 * `walked`: the first-parent commits listed, newest first; `logged`: every commit their logs gave;
 * `shown`: what `git log -- <file>` gave of the same range (`complete`: fewer than it was asked for).
 * git's default simplification shows a commit that changed the file against every parent, and at a
 * merge follows only a parent it did not change the file against: first parent when the merge brought no
 * change to the file, so the log stays on the walked line; a merged branch that changed it otherwise.
 * So a walked commit it shows is touched; a merge it does not show may still differ from its first parent
 * when the log left the line (it shows a commit of a merged branch): those merges, found through the
 * commits the walk logged, are `unsure` and settled by a diff against their first parent; so is a merge
 * with a change on the line between it and where its branch left the line (the log may have left there).
 */
export function touchedBy(
  walked: readonly LoggedCommit[],
  logged: ReadonlyMap<string, LoggedCommit>,
  shown: readonly { readonly hash: string }[],
  complete: boolean,
): { touched: Set<string>; unsure: LoggedCommit[] } {
  const line = new Map(walked.map((c, i) => [c.hash.toLowerCase(), i]));
  const shownHashes = new Set(shown.map((c) => c.hash.toLowerCase()));
  const touched = new Set(walked.filter((c) => shownHashes.has(c.hash.toLowerCase())).map((c) => c.hash));
  if (!complete) return { touched, unsure: walked.filter((c) => !touched.has(c.hash)) };
  const merged = new Set([...shownHashes].filter((hash) => !line.has(hash)));
  // What each merge brought in, as far as the logs listed it; a commit past them is not known.
  const brought = walked
    .map((merge, at) => ({ merge, at }))
    .filter(({ merge }) => merge.parents.length > 1 && !touched.has(merge.hash))
    .map((b) => ({ ...b, ...sideOf(b.merge, line, logged, merged) }));
  const placed = new Set(brought.flatMap((b) => b.found));
  const allPlaced = [...merged].every((hash) => placed.has(hash));
  // A merge that kept its other parent's file, the merged branch changing nothing, differs from its first
  // parent by what the line changed since the branch left it: so a change between the two makes it unsure too.
  const maybe = new Set(touched);
  const unsure: LoggedCommit[] = [];
  for (const b of [...brought].reverse()) {
    const fork = b.unknown ? walked.length : b.fork;
    const lineChanged = walked.slice(b.at + 1, fork).some((c) => maybe.has(c.hash));
    if (b.found.length > 0 || (!allPlaced && b.unknown) || lineChanged) {
      unsure.push(b.merge);
      maybe.add(b.merge.hash);
    }
  }
  return { touched, unsure: unsure.reverse() };
}

/**
 * The commits of `wanted` reachable from a merge's other parents without reaching the walked line, whether a
 * commit not logged was met, and the nearest place (index in `line`) where they joined the line (its length if none).
 */
function sideOf(
  merge: LoggedCommit,
  line: ReadonlyMap<string, number>,
  logged: ReadonlyMap<string, LoggedCommit>,
  wanted: ReadonlySet<string>,
): { found: string[]; unknown: boolean; fork: number } {
  const found: string[] = [];
  let unknown = false;
  let fork = line.size;
  const seen = new Set<string>();
  const next = merge.parents.slice(1).map((p) => p.toLowerCase());
  for (let hash = next.pop(); hash !== undefined; hash = next.pop()) {
    const at = line.get(hash);
    if (at !== undefined) fork = Math.min(fork, at);
    if (seen.has(hash) || at !== undefined) continue;
    seen.add(hash);
    if (wanted.has(hash)) found.push(hash);
    const commit = logged.get(hash);
    if (commit) next.push(...commit.parents.map((p) => p.toLowerCase()));
    else unknown = true;
  }
  return { found, unknown, fork };
}
