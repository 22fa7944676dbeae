// The questions of Download Artifact…: which artifact, which folder, which app.
import * as l10n from '@vscode/l10n';
import * as path from 'node:path';
import vscode = require('vscode');
import type { App, BuildLink } from '../../api';
import { iconSafeText, noticeText } from '../../core/text/serviceText';
import { notify } from '../../services/notify';

/** The workspace folder downloads go to unless the user picks another; offered for .gitignore once. */
export const ARTIFACTS_FOLDER = 'build-artifacts';

export interface Target {
  links: readonly BuildLink[];
  /** "2048 iOS App #12", for the picks and the messages. */
  what: string;
}

export interface Folder {
  path: string;
  /** Set when it is the workspace folder's build-artifacts/. */
  workspace?: vscode.WorkspaceFolder;
}

export async function pickLink(target: Target): Promise<BuildLink | undefined> {
  if (target.links.length === 0) {
    void notify('info', noticeText(l10n.t('{0} has no artifacts to download.'), target.what));
    return undefined;
  }
  if (target.links.length === 1) return target.links[0];
  const picked = await vscode.window.showQuickPick(
    target.links.map((link) => ({ label: iconSafeText(link.name || link.url), description: hostOf(link.url), link })),
    { title: l10n.t('Download Artifact: {0}', target.what), placeHolder: l10n.t('The artifact to download') },
  );
  return picked?.link;
}

/** The workspace's build-artifacts/ first (one Enter), or any folder on this computer. */
export async function pickFolder(link: BuildLink): Promise<Folder | undefined> {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  const choose = { label: `$(folder-opened) ${l10n.t('Choose a Folder…')}`, folder: undefined };
  const items = [
    ...roots.map((root) => ({
      label: `$(folder) ${ARTIFACTS_FOLDER}/`,
      description: roots.length > 1 ? root.name : l10n.t('in the workspace'),
      detail: path.join(root.uri.fsPath, ARTIFACTS_FOLDER),
      folder: root,
    })),
    choose,
  ];
  const picked =
    roots.length === 0
      ? choose
      : await vscode.window.showQuickPick(items, {
          title: l10n.t('Download Artifact: Folder'),
          placeHolder: l10n.t('Where to save {0}', iconSafeText(link.name)),
        });
  if (!picked) return undefined;
  if (picked.folder) return { path: path.join(picked.folder.uri.fsPath, ARTIFACTS_FOLDER), workspace: picked.folder };
  const [uri] =
    (await vscode.window.showOpenDialog({
      canSelectFiles: false,
      canSelectFolders: true,
      canSelectMany: false,
      openLabel: l10n.t('Save Here'),
      defaultUri: roots[0]?.uri,
    })) ?? [];
  if (!uri) return undefined;
  if (uri.scheme !== 'file') {
    void notify('info', noticeText(l10n.t('Artifacts are saved to folders on this computer only.')));
    return undefined;
  }
  return { path: uri.fsPath };
}

export async function pickApp(apps: readonly App[]): Promise<App | undefined> {
  const picked = await vscode.window.showQuickPick(
    apps.map((app) => ({ label: iconSafeText(app.name || app.id), app })),
    { title: l10n.t('Download Artifact: App'), placeHolder: l10n.t('The app whose artifact to download') },
  );
  return picked?.app;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
