// The one question about .gitignore: asked once per workspace folder that is a Git repository.
import * as l10n from '@vscode/l10n';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import vscode = require('vscode');
import { ignoresFolder, withIgnoredFolder } from '../core/artifacts/gitignore';
import { noticeText } from '../core/text/serviceText';
import type { Log } from '../services/log';
import { notify } from '../services/notify';
import { ARTIFACTS_FOLDER } from './artifactPicks';

const GITIGNORE_ASKED = 'buildService.gitignoreAsked';

/** Once per workspace folder that is a Git repository without build-artifacts/ in its .gitignore; never without a yes. */
export async function offerGitignore(workspace: vscode.WorkspaceFolder, workspaceState: vscode.Memento, log: Log): Promise<void> {
  const root = workspace.uri.fsPath;
  const asked = workspaceState.get<string[]>(GITIGNORE_ASKED, []);
  if (asked.includes(root) || !existsSync(path.join(root, '.git'))) return;
  const file = vscode.Uri.file(path.join(root, '.gitignore'));
  const text = await readText(file);
  if (ignoresFolder(text, ARTIFACTS_FOLDER)) return;
  await workspaceState.update(GITIGNORE_ASKED, [...asked, root]);
  const add = l10n.t('Add to .gitignore');
  const choice = await notify(
    'info',
    noticeText(l10n.t('Downloads go to {0}/ in {1}. Add it to .gitignore, so they are never committed?'), ARTIFACTS_FOLDER, workspace.name),
    add,
    l10n.t('No'),
  );
  if (choice !== add) return;
  await vscode.workspace.fs.writeFile(file, Buffer.from(withIgnoredFolder(await readText(file), ARTIFACTS_FOLDER), 'utf8'));
  log.info(`Added /${ARTIFACTS_FOLDER}/ to ${file.fsPath}.`);
}

/** '' when there is no such file yet. */
async function readText(file: vscode.Uri): Promise<string> {
  try {
    return Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
  } catch {
    return '';
  }
}
