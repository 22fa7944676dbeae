import vscode = require('vscode');
import { repoKey } from '../../core/branch/remoteKey';
import type { RepoSnapshot } from '../../core/branch/branchState';
import type { GitWorkspace } from './gitWorkspace';

/** The workspace repository a build was made from (by its remote), else the active one. */
export function repositoryOf(git: GitWorkspace, repoUrl: string | undefined): RepoSnapshot | undefined {
  const wanted = repoKey(repoUrl);
  const all = git.repositories;
  const byRemote = wanted ? all.find((r) => r.remoteUrls.some((url) => repoKey(url) === wanted)) : undefined;
  if (byRemote) return byRemote;
  const { snapshot } = git;
  return snapshot.kind === 'repository' && !wanted ? all.find((r) => r.root === snapshot.root) : undefined;
}

/**
 * The repository's default branch as Git knows it: where `origin/HEAD` points (a symbolic ref is
 * always a file of its own, never packed). undefined when the clone has none, e.g. `git init`.
 */
export async function originHead(root: string): Promise<string | undefined> {
  try {
    const gitDir = await gitDirOf(vscode.Uri.parse(root));
    const text = await readText(vscode.Uri.joinPath(gitDir, 'refs', 'remotes', 'origin', 'HEAD'));
    return /^ref: refs\/remotes\/origin\/(.+)$/m.exec(text)?.[1]?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** `.git` is a folder, or in a worktree a file naming the folder, whose `commondir` holds the refs. */
async function gitDirOf(root: vscode.Uri): Promise<vscode.Uri> {
  const dotGit = vscode.Uri.joinPath(root, '.git');
  if ((await vscode.workspace.fs.stat(dotGit)).type & vscode.FileType.Directory) return dotGit;
  const named = /^gitdir: (.+)$/m.exec(await readText(dotGit))?.[1]?.trim();
  if (!named) return dotGit;
  const dir = named.startsWith('/') ? vscode.Uri.file(named) : vscode.Uri.joinPath(root, named);
  const common = await readText(vscode.Uri.joinPath(dir, 'commondir')).catch(() => '');
  if (!common.trim()) return dir;
  return common.trim().startsWith('/') ? vscode.Uri.file(common.trim()) : vscode.Uri.joinPath(dir, common.trim());
}

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
