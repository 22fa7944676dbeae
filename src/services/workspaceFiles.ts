// Every read of a workspace file goes through here (the test locator, the coverage view, changed
// functions): the rules are core/workspace/workspaceFile.ts; this is the edge to VS Code's URIs.
import vscode = require('vscode');
import { extensionOf, READ_LIMITS, readWorkspaceFile, type WorkspaceRead } from '../core/workspace/workspaceFile';

/** The file's text, or why it was not read; a file outside every workspace folder is not read. */
export async function readWorkspaceText(uri: vscode.Uri, extensions?: readonly string[]): Promise<WorkspaceRead> {
  if (uri.scheme === 'file') {
    const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    return readWorkspaceFile(uri.fsPath, { roots, extensions });
  }
  // A remote or virtual file system: VS Code's stat says what it is; the same rules, without a path to resolve.
  if (extensions && !extensions.includes(extensionOf(uri.path))) return { kind: 'other-type' };
  if (!vscode.workspace.getWorkspaceFolder(uri)) return { kind: 'skipped', reason: 'outside' };
  const { maxBytes, timeoutMs } = READ_LIMITS;
  const read = async (): Promise<WorkspaceRead> => {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File) return { kind: 'skipped', reason: 'not-regular' };
    if (stat.size > maxBytes) return { kind: 'skipped', reason: 'too-large' };
    const bytes = await vscode.workspace.fs.readFile(uri);
    if (bytes.byteLength > maxBytes) return { kind: 'skipped', reason: 'too-large' };
    return { kind: 'read', text: new TextDecoder().decode(bytes) };
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<WorkspaceRead>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'skipped', reason: 'timed-out' }), timeoutMs);
  });
  try {
    return await Promise.race([read().catch((): WorkspaceRead => ({ kind: 'skipped', reason: 'unreadable' })), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
