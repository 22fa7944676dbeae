import vscode = require('vscode');
import { commitRows, isCommitSha, missingShas, type CommitRow } from '../../core/branch/commitsBetween';
import { repositoryOf } from './defaultBranch';
import type { GitWorkspace } from './gitWorkspace';
import type { Repository } from './gitTypes';

export type CommitsBetween =
  /** No repository of the workspace builds this, or Git is off. */
  | { readonly kind: 'no-repository' }
  /** The service named no usable commit for one of the builds. */
  | { readonly kind: 'no-commit' }
  /** The repository lacks these commits of the two builds: a fetch may bring them. */
  | { readonly kind: 'missing'; readonly repository: Repository; readonly missing: readonly string[] }
  | { readonly kind: 'listed'; readonly repository: Repository; readonly rows: readonly CommitRow[] };

/** The repository of the workspace a build of `repoUrl` was made from, as the Git extension has it open. */
export function gitRepositoryOf(git: GitWorkspace, repoUrl: string | undefined): Repository | undefined {
  const found = repositoryOf(git, repoUrl);
  return found && git.gitApi?.repositories.find((r) => r.rootUri.toString() === vscode.Uri.parse(found.root).toString());
}

/**
 * The commits after `from` up to `to` (git's from..to) in the local repository, those that changed `file`
 * first. Asks the Git extension only (git runs in its own process); nothing of the service.
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
  const range = `${from}..${to}`;
  const [all, touching] = await Promise.all([
    repository.log({ range }),
    file ? repository.log({ range, path: pathIn(repository, file) }) : Promise.resolve([]),
  ]);
  return { kind: 'listed', repository, rows: commitRows(all, new Set(touching.map((c) => c.hash))) };
}

/**
 * The test's file as a path in the repository; one the Testing view found in another folder of the
 * workspace is matched by its name anywhere in the repository (a pathspec's `*` crosses folders).
 */
function pathIn(repository: Repository, file: vscode.Uri): string {
  const root = repository.rootUri.fsPath;
  if (file.fsPath.startsWith(`${root}/`) || file.fsPath.startsWith(`${root}\\`)) return file.fsPath;
  return `*/${file.path.split('/').pop() ?? ''}`;
}
