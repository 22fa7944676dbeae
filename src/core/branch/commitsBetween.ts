// The commits between a build where a test passed and the one where it failed, as the local repository
// lists them: those that touched the test's file first, each group newest first.

/** What the Git extension says of a commit, as far as this list needs. */
export interface CommitFacts {
  readonly hash: string;
  readonly message: string;
  readonly authorName?: string;
  readonly authorDate?: Date;
}

export interface CommitRow {
  readonly hash: string;
  readonly subject: string;
  readonly author: string;
  readonly date?: Date;
  /** It changed the failing test's file. */
  readonly touched: boolean;
}

/** At most this many commits are listed; a range longer than that is cut, newest kept. */
export const MAX_COMMITS = 200;
const MAX_SUBJECT = 200;

/** A message's first line, capped. */
export function subjectOf(message: string): string {
  const line = message.split('\n', 1)[0].trim();
  return line.length > MAX_SUBJECT ? `${line.slice(0, MAX_SUBJECT - 1)}…` : line;
}

/** `all` newest first as git log gives it; `touching` the hashes of those that changed the test's file. */
export function commitRows(all: readonly CommitFacts[], touching: ReadonlySet<string>, max = MAX_COMMITS): CommitRow[] {
  const rows = all.slice(0, max).map((c): CommitRow => ({
    hash: c.hash,
    subject: subjectOf(c.message),
    author: (c.authorName ?? '').slice(0, MAX_SUBJECT),
    date: c.authorDate,
    touched: touching.has(c.hash),
  }));
  return [...rows.filter((r) => r.touched), ...rows.filter((r) => !r.touched)];
}

/** How a walk back from the failing build's commit ended. */
export type WalkEnd =
  /** At the passing build's commit: every commit between is listed. */
  | 'reached'
  /** After `max` commits (or MAX_LOGS logs), the passing one not met: the range is longer than was looked at. */
  | 'cut'
  /** At a commit without a parent (or one git would not name), the passing one not on this line. */
  | 'root';

/** A commit as one `git log` lists it. */
export type LoggedCommit = CommitFacts & { readonly parents: readonly string[] };

/**
 * One `git log` (the Git extension's `log` with `refNames` and `maxEntries`): at most `count` commits
 * reachable from `sha`, those reachable from `excluded` left out, children before parents (`--topo-order`).
 * Only hex shas reach it, `excluded` as `^sha`.
 */
export type LogFrom<C extends LoggedCommit> = (sha: string, count: number, excluded?: string) => Promise<readonly C[]>;

/** Logs a walk asks for at most: each after the first is a merged branch that filled the one before. */
export const MAX_LOGS = 8;

/**
 * The commits after `from` up to `to`, newest first, following first parents only and reading at most
 * `max`: git's `from..to` would list a whole range of any length (the Git extension ignores `maxEntries`
 * with a range), and a merged side branch can hold hundreds of thousands. So one log of `max` commits
 * from `to`, the passing commit's history left out (git walks only the range); another from where the
 * first-parent line leaves it (a merged branch's commits come first in git's order), at most MAX_LOGS.
 * A line that runs into the passing commit's history without meeting it is read on to the root, as before.
 */
export async function walkFirstParents<C extends LoggedCommit>(
  from: string,
  to: string,
  logFrom: LogFrom<C>,
  max = MAX_COMMITS,
): Promise<{ commits: C[]; end: WalkEnd; logs: number; logged: ReadonlyMap<string, C> }> {
  const commits: C[] = [];
  const known = new Map<string, C>();
  const passing = from.toLowerCase();
  const isPassing = (sha: string) => sha.toLowerCase().startsWith(passing) || passing.startsWith(sha.toLowerCase());
  let logs = 0;
  let excluding = true;
  const logged = async (sha: string): Promise<C | undefined> => {
    logs++;
    const batch = await logFrom(sha, max, excluding ? from : undefined);
    for (const commit of batch) known.set(commit.hash.toLowerCase(), commit);
    // The tip comes first; `to` may be a short sha.
    return batch[0]?.hash.toLowerCase().startsWith(sha.toLowerCase()) ? batch[0] : undefined;
  };
  const done = (end: WalkEnd) => ({ commits, end, logs, logged: known });
  if (!isCommitSha(to)) return done('root');
  let sha = to;
  for (;;) {
    if (isPassing(sha)) return done('reached');
    if (commits.length >= max) return done('cut');
    let commit = known.get(sha.toLowerCase());
    if (!commit && logs >= MAX_LOGS) return done('cut');
    commit ??= await logged(sha);
    if (!commit && excluding) {
      // In the passing commit's history, yet not it: the passing commit is not on this line.
      excluding = false;
      commit = await logged(sha);
    }
    if (!commit) return done('root');
    if (isPassing(commit.hash)) return done('reached');
    commits.push(commit);
    const parent = commit.parents[0];
    if (!isCommitSha(parent)) return done('root');
    sha = parent;
  }
}

/**
 * What one `git log --stdin` is given: `sha`, and `^excluded` to leave out its history. Hex shas only:
 * a ref that is not is left out, and without `sha` nothing is (git would log HEAD for an empty list).
 */
export function logRefs(sha: string, excluded?: string): string[] {
  if (!isCommitSha(sha)) return [];
  return isCommitSha(excluded) ? [sha, `^${excluded}`] : [sha];
}

/** The shas of the two builds the repository does not have, each once. */
export function missingShas(shas: readonly (string | undefined)[], present: readonly boolean[]): string[] {
  return [...new Set(shas.filter((sha, i): sha is string => !!sha && !present[i]))];
}

/**
 * A sha the service sent that may go to git: hex only (short ones too). Anything else, e.g. a leading
 * '-' that git would read as an option, is never passed on.
 */
export function isCommitSha(sha: string | undefined): sha is string {
  return sha !== undefined && /^[0-9a-f]{4,64}$/i.test(sha);
}

/**
 * A branch name that may go to git as a ref: what the workspace names (`origin/HEAD`, a setting) is not
 * trusted, and an argument starting with '-' would be read as an option (`--all`); no space or control
 * character either, and at most 255 characters.
 */
export function isGitRef(ref: string | undefined): ref is string {
  return ref !== undefined && ref.length > 0 && ref.length <= 255 && !ref.startsWith('-') && !/[\s\u0000-\u001F\u007F]/.test(ref);
}
