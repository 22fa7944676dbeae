import vscode = require('vscode');
import {
  commitRows,
  isCommitSha,
  logRefs,
  missingShas,
  walkFirstParents,
  type CommitRow,
  type LoggedCommit,
  type WalkEnd,
} from '../../core/branch/commitsBetween';
import { fileSpec, touchingCommits } from '../../core/branch/touchedFile';
import { repositoryOf } from './defaultBranch';
import type { GitWorkspace } from './gitWorkspace';
import type { Commit, Repository } from './gitTypes';

export type CommitsBetween =
  /** No repository of the workspace builds this, or Git is off. */
  | { readonly kind: 'no-repository' }
  /** The service named no usable commit for one of the builds. */
  | { readonly kind: 'no-commit' }
  /** Git failed while listing them (the Git extension's log rejects then): a damaged clone, say. */
  | { readonly kind: 'unreadable'; readonly repository: Repository }
  /** The repository lacks these commits of the two builds: a fetch may bring them. */
  | { readonly kind: 'missing'; readonly repository: Repository; readonly missing: readonly string[] }
  /** `end` 'cut': the range is longer than the MAX_COMMITS looked at; 'root': the passing commit is not on the first-parent line. */
  | { readonly kind: 'listed'; readonly repository: Repository; readonly rows: readonly CommitRow[]; readonly end: WalkEnd };

/** The repository of the workspace a build of `repoUrl` was made from, as the Git extension has it open. */
export function gitRepositoryOf(git: GitWorkspace, repoUrl: string | undefined): Repository | undefined {
  const found = repositoryOf(git, repoUrl);
  return found && git.gitApi?.repositories.find((r) => r.rootUri.toString() === vscode.Uri.parse(found.root).toString());
}

/**
 * The commits after `from` up to `to` in the local repository, on the failing commit's first-parent line and
 * at most MAX_COMMITS of them, those that changed `file` first. Asks the Git extension only (git runs in its
 * own process); nothing of the service.
 */
export async function commitsBetween(
  git: GitWorkspace,
  repoUrl: string | undefined,
  from: string | undefined,
  to: string | undefined,
  file: vscode.Uri | undefined,
): Promise<CommitsBetween> {
  if (!isCommitSha(from) || !isCommitSha(to)) return { kind: 'no-commit' };
  const repository = gitRepositoryOf(git, repoUrl);
  if (!repository) return { kind: 'no-repository' };
  const present = await Promise.all(
    [from, to].map((sha) =>
      repository.getCommit(sha).then(
        () => true,
        () => false,
      ),
    ),
  );
  const missing = missingShas([from, to], present);
  if (missing.length > 0) return { kind: 'missing', repository, missing };
  const log = (refNames: string[], maxEntries: number, path?: string) =>
    refNames.length > 0 ? repository.log({ refNames, maxEntries, path }) : Promise.resolve([]);
  try {
    const { commits, end, logged } = await walkFirstParents(from, to, (sha, count, excluded) => log(logRefs(sha, excluded), count));
    const touching = file ? await touchingFile(repository, commits, logged, file, log) : new Set<string>();
    return { kind: 'listed', repository, rows: commitRows(commits, touching), end };
  } catch {
    return { kind: 'unreadable', repository };
  }
}

/** Git's empty tree: what a commit without a parent is compared with. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/**
 * The walked commits that changed the test's file, each against its first parent (as the list reads). A file
 * the Testing view found in another folder of the workspace is matched by its name anywhere in the repository.
 */
async function touchingFile(
  repository: Repository,
  commits: readonly Commit[],
  logged: ReadonlyMap<string, LoggedCommit>,
  file: vscode.Uri,
  log: (refNames: string[], maxEntries: number, path: string) => Promise<readonly Commit[]>,
): Promise<Set<string>> {
  const root = repository.rootUri.fsPath;
  const inRepository = file.fsPath.startsWith(`${root}/`) || file.fsPath.startsWith(`${root}\\`);
  const name = file.path.split('/').pop() ?? '';
  const spec = fileSpec(inRepository ? file.path.slice(repository.rootUri.path.replace(/\/$/, '').length + 1) : undefined, name);
  if (!spec) return new Set();
  const isFile = (uri: vscode.Uri) => (inRepository ? uri.fsPath === file.fsPath : uri.path.split('/').pop() === name);
  return touchingCommits(commits, logged, spec, log, async (commit) => {
    const parent = commit.parents[0];
    const changes = await repository.diffBetween(isCommitSha(parent) ? parent : EMPTY_TREE, commit.hash);
    return changes.some((c) => isFile(c.uri) || isFile(c.originalUri));
  });
}
