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
  /** After `max` commits, the passing one not met: the range is longer than was looked at. */
  | 'cut'
  /** At a commit without a parent (or one git would not name), the passing one not on this line. */
  | 'root';

/**
 * The commits after `from` up to `to`, newest first, following first parents only and reading at most
 * `max`: git's `from..to` would list a whole range of any length (the Git extension ignores `maxEntries`
 * with a range), and a merged side branch can hold hundreds of thousands. Only hex shas reach `commitOf`.
 */
export async function walkFirstParents<C extends CommitFacts & { readonly parents: readonly string[] }>(
  from: string,
  to: string,
  commitOf: (sha: string) => Promise<C>,
  max = MAX_COMMITS,
): Promise<{ commits: C[]; end: WalkEnd }> {
  const commits: C[] = [];
  const passing = from.toLowerCase();
  const isPassing = (sha: string) => sha.toLowerCase().startsWith(passing) || passing.startsWith(sha.toLowerCase());
  let sha = to;
  for (;;) {
    if (isPassing(sha)) return { commits, end: 'reached' };
    if (commits.length >= max) return { commits, end: 'cut' };
    const commit = await commitOf(sha);
    if (isPassing(commit.hash)) return { commits, end: 'reached' };
    commits.push(commit);
    const parent = commit.parents[0];
    if (!isCommitSha(parent)) return { commits, end: 'root' };
    sha = parent;
  }
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
