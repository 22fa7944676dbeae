// The one question about .gitignore: asked once per folder that is a Git repository.
import * as l10n from '@vscode/l10n';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import vscode = require('vscode');
import { appendIgnoreLine, ignoresFolder, readGitignore } from '../../core/artifacts/gitignore';
import { loggedText, noticeText } from '../../core/text/serviceText';
import type { Log } from '../../services/log';
import { notify } from '../../services/notify';
import { ARTIFACTS_FOLDER } from './artifactPicks';
import type { PersistentState } from '../../services/persistentState';

/** Folders remembered as asked, the newest kept: a user of many clones is asked again about one long unused. */
const ASKED_MAX = 200;

/**
 * Once per workspace folder that is a Git repository without build-artifacts/ in its .gitignore, whichever
 * window or workspace downloads into it (remembered in globalState); never without a yes. A download that
 * comes while the question is open waits for its answer: VS Code would replace the open question with a
 * second and drop the first's answer.
 */
export class GitignoreOffer {
  private readonly open = new Map<string, Promise<void>>();

  constructor(
    private readonly globalState: PersistentState,
    private readonly log: Log,
  ) {}

  offer(workspace: vscode.WorkspaceFolder): Promise<void> {
    const root = workspace.uri.fsPath;
    let asking = this.open.get(root);
    if (!asking) {
      asking = this.ask(workspace).finally(() => this.open.delete(root));
      this.open.set(root, asking);
    }
    return asking;
  }

  private async ask(workspace: vscode.WorkspaceFolder): Promise<void> {
    const { globalState, log } = this;
    const root = workspace.uri.fsPath;
    const file = path.join(root, '.gitignore');
    try {
      const asked = askedFolders(globalState.read('buildService.gitignoreAsked'));
      if (asked.includes(root) || !existsSync(path.join(root, '.git'))) return;
      const current = await readGitignore(root);
      if (current.kind === 'not-regular') {
        // The folder's name is the workspace's: a line break in it would forge a line of the log.
        log.info(loggedText(`Not offering to add /${ARTIFACTS_FOLDER}/ to ${file}: it is not a regular file of the workspace (a link?).`));
        return;
      }
      if (current.kind === 'file' && ignoresFolder(current.text, ARTIFACTS_FOLDER)) return;
      // Read again: another window may have asked meanwhile.
      const now = askedFolders(globalState.read('buildService.gitignoreAsked'));
      if (now.includes(root)) return;
      await globalState.write('buildService.gitignoreAsked', [...now, root].slice(-ASKED_MAX));
      const add = l10n.t('Add to .gitignore');
      const choice = await notify(
        'info',
        noticeText(
          l10n.t('Downloads go to {0}/ in {1}. Add it to .gitignore, so they are never committed?'),
          ARTIFACTS_FOLDER,
          workspace.name,
        ),
        add,
        l10n.t('No'),
      );
      if (choice !== add) return;
      if (await appendIgnoreLine(root, ARTIFACTS_FOLDER)) {
        log.info(loggedText(`Added /${ARTIFACTS_FOLDER}/ to ${file}.`));
      } else {
        log.warn(loggedText(`Did not add /${ARTIFACTS_FOLDER}/ to ${file}: it is no longer a regular file of the workspace.`));
        void notify('warning', noticeText(l10n.t('{0} was left unchanged: it is not a regular file in the workspace.'), file));
      }
    } catch (error) {
      log.warn(loggedText(`The .gitignore offer for ${root} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
}

/** What was written, read as a list of folders: anything else reads as none asked. */
function askedFolders(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((root): root is string => typeof root === 'string') : [];
}
