// Which of the Git extension's repositories belong to the workspace, in its folders' order, and which one the
// user is in: the innermost holding the active editor's file.
import vscode = require('vscode');
import type { Repository } from './gitTypes';

const inside = (uri: string, root: string) => uri === root || uri.startsWith(`${root}/`);

/** Per folder, in order: the innermost repository holding it (a folder inside a submodule belongs to
 * the submodule), then those inside it that no other repository holds (a submodule is its outer one's). */
export function workspaceRepositories(repositories: readonly Repository[]): Repository[] {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString());
  const rootOf = (r: Repository) => r.rootUri.toString();
  const byDepth = [...repositories].sort((a, b) => rootOf(b).length - rootOf(a).length);
  const holding = new Set(folders.map((f) => byDepth.find((r) => inside(f, rootOf(r)))).filter((r): r is Repository => !!r));
  const kept = repositories.filter(
    (r) =>
      holding.has(r) || (!folders.some((f) => inside(f, rootOf(r))) && !repositories.some((o) => o !== r && inside(rootOf(r), rootOf(o)))),
  );
  const folderIndex = (root: string) => {
    const index = folders.findIndex((f) => inside(f, root) || inside(root, f));
    return index === -1 ? folders.length : index;
  };
  return kept.sort(
    (a, b) => folderIndex(rootOf(a)) - folderIndex(rootOf(b)) || (rootOf(a) < rootOf(b) ? -1 : rootOf(a) > rootOf(b) ? 1 : 0),
  );
}

/** The repository of the active editor's file; else the one holding (or inside) the first folder. */
export function activeRepository(repositories: readonly Repository[], editor: vscode.Uri | undefined): Repository {
  const file = editor?.toString();
  const holding = file ? repositories.filter((r) => inside(file, r.rootUri.toString())) : [];
  // The innermost wins: a file inside a submodule belongs to the submodule.
  holding.sort((a, b) => a.rootUri.toString().length - b.rootUri.toString().length);
  return holding.pop() ?? repositories[0];
}
