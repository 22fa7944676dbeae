import * as l10n from '@vscode/l10n';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import vscode = require('vscode');
import { ApiError, type App, type Build, type BuildLink, type BuildServiceClient } from '../api';
import { loggableUrl } from '../api/download';
import type { ArtifactProgress } from '../core/artifacts/artifactDownload';
import { buildLabel } from '../core/builds/buildLook';
import { ignoresFolder, withIgnoredFolder } from '../core/artifacts/gitignore';
import { iconSafeText, loggedText, noticeText, shownText } from '../core/text/serviceText';
import { CommandId } from '../ids';
import type { CurrentBranch } from '../services/branch/currentBranch';
import type { Log } from '../services/log';
import { notify, withCancellableProgress } from '../services/notify';
import type { Session } from '../services/accounts/session';
import type { SettingsService } from '../services/settings';
import type { CommandGroup } from './register';
import type { CommandTargets } from './targets';

/** The workspace folder downloads go to unless the user picks another; offered for .gitignore once. */
export const ARTIFACTS_FOLDER = 'build-artifacts';
const GITIGNORE_ASKED = 'buildService.gitignoreAsked';
const PROGRESS_EVERY_MS = 200;

export interface ArtifactCommandsDeps {
  session: Session;
  settings: SettingsService;
  branch: CurrentBranch;
  targets: CommandTargets;
  /** Remembers, per workspace, that the .gitignore question was asked. */
  workspaceState: vscode.Memento;
  log: Log;
}

interface Target {
  links: readonly BuildLink[];
  /** "2048 iOS App #12", for the picks and the messages. */
  what: string;
}

interface Folder {
  path: string;
  /** Set when it is the workspace folder's build-artifacts/. */
  workspace?: vscode.WorkspaceFolder;
}

export class ArtifactCommands {
  constructor(private readonly deps: ArtifactCommandsDeps) {}

  table(): CommandGroup<typeof CommandId.downloadArtifact> {
    return { [CommandId.downloadArtifact]: (node) => this.download(node) };
  }

  /** Resolves to the saved file's path, or undefined when nothing was saved (the user was told why). */
  private async download(node: unknown): Promise<string | undefined> {
    // A build of another account is downloaded with that account's client: its token, its origin.
    const client = await this.deps.session.readyFor(this.deps.targets.accountOf(node));
    const target = await this.targetOf(node, client);
    if (!target) return undefined;
    const link = await pickLink(target);
    if (!link) return undefined;
    const folder = await pickFolder(link);
    if (!folder) return undefined;
    if (folder.workspace) void this.offerGitignore(folder.workspace);
    return this.save(client, link, folder.path);
  }

  private async targetOf(node: unknown, client: BuildServiceClient): Promise<Target | undefined> {
    const link = this.deps.targets.downloadLink(node);
    if (link) return { links: [link], what: shownText(link.name) };
    const branchBuild = this.deps.targets.branchBuild(node);
    if (branchBuild) return this.branchTarget(client, branchBuild.app, branchBuild.branch, branchBuild.build);
    const picked = this.deps.targets.anyBuild(node);
    if (picked) return { links: picked.build.links.download, what: `${shownText(picked.appName)} ${buildLabel(picked.build)}` };
    // From the palette with nothing selected: the current branch's build, asking which app when there are several.
    const state = this.deps.branch.state;
    const entries = state.kind === 'builds' ? state.entries : [];
    if (state.kind !== 'builds' || entries.length === 0) {
      void notify('info', noticeText(l10n.t('Select a build in the Build Service view to download its artifacts.')));
      return undefined;
    }
    const app = entries.length === 1 ? entries[0].app : await pickApp(entries.map((e) => e.app));
    if (!app) return undefined;
    return this.branchTarget(client, app, state.branch, entries.find((e) => e.app === app)?.build);
  }

  /** The branch's build when it has artifacts, else its latest successful one. */
  private async branchTarget(client: BuildServiceClient, app: App, branch: string, shown: Build | undefined): Promise<Target | undefined> {
    let build = shown;
    if (!build?.links.download.length) {
      try {
        build = await client.getLatestBuild(app.id, { branch, status: 'success' });
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
        build = undefined;
      }
    }
    const appName = app.name || app.id;
    if (!build) {
      void notify('info', noticeText(l10n.t('{0} has no successful build on {1} to download.'), appName, branch));
      return undefined;
    }
    return { links: build.links.download, what: `${shownText(appName)} ${buildLabel(build)}` };
  }

  private async save(client: BuildServiceClient, link: BuildLink, folder: string): Promise<string | undefined> {
    const { log } = this.deps;
    // Loaded with the first download: streams and file handling cost activation nothing.
    const { DownloadFailed, byteSize, progressText, saveArtifact } = await import('../core/artifacts/artifactDownload');
    const title = noticeText(l10n.t('Downloading {0}'), link.name);
    const timeoutMs = this.deps.settings.value.timeoutSeconds * 1000;
    log.info(`Downloading ${loggedText(loggableUrl(link.url))} to ${folder}.`);
    try {
      const saved = await withCancellableProgress(title, async (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        const shown = reporter(progress, progressText);
        try {
          return await saveArtifact({
            client,
            url: link.url,
            linkName: link.name,
            folder,
            timeoutMs,
            signal: controller.signal,
            onProgress: shown.report,
            onHop: ({ url, withToken }) =>
              log.info(
                withToken
                  ? `Download: asking ${loggedText(loggableUrl(url))}, the service's own origin, with the access token.`
                  : `Download: asking ${loggedText(loggableUrl(url))}, not the service's origin, without the access token.`,
              ),
          });
        } finally {
          shown.stop();
        }
      });
      log.info(`Downloaded ${saved.path} (${saved.bytes} bytes).`);
      void this.announce(saved.path, saved.name, byteSize(saved.bytes));
      return saved.path;
    } catch (error) {
      if (!(error instanceof DownloadFailed)) throw error;
      const cause = error.cause instanceof Error ? ` — ${error.cause.message}` : '';
      log.warn(
        loggedText(
          `Download of ${loggableUrl(link.url)} failed (${error.kind}) after ${error.received} bytes: ${error.reason}${cause}. Nothing was kept.`,
        ),
      );
      if (error.kind === 'cancelled') {
        void notify('info', noticeText(l10n.t('The download of {0} was cancelled; nothing was kept.'), link.name));
      } else {
        const showLog = l10n.t('Show Log');
        void notify(
          'error',
          noticeText(l10n.t('The download of {0} failed: {1}. Nothing was kept.'), link.name, error.reason),
          showLog,
        ).then((choice) => choice === showLog && log.show());
      }
      return undefined;
    }
  }

  private async announce(file: string, name: string, size: string): Promise<void> {
    const reveal = l10n.t('Reveal in Explorer');
    const openFolder = l10n.t('Open Folder');
    const folder = path.dirname(file);
    const choice = await notify('info', noticeText(l10n.t('Downloaded {0} ({1}) to {2}.'), name, size, folder), reveal, openFolder);
    const uri = vscode.Uri.file(file);
    if (choice === reveal) {
      // The Explorer view shows only the workspace; a file elsewhere is shown by the system's file manager.
      const command = vscode.workspace.getWorkspaceFolder(uri) ? 'revealInExplorer' : 'revealFileInOS';
      await vscode.commands.executeCommand(command, uri);
    } else if (choice === openFolder) {
      await vscode.env.openExternal(vscode.Uri.file(folder));
    }
  }

  /** Once per workspace folder that is a Git repository without build-artifacts/ in its .gitignore; never without a yes. */
  private async offerGitignore(workspace: vscode.WorkspaceFolder): Promise<void> {
    const root = workspace.uri.fsPath;
    const asked = this.deps.workspaceState.get<string[]>(GITIGNORE_ASKED, []);
    if (asked.includes(root) || !existsSync(path.join(root, '.git'))) return;
    const file = vscode.Uri.file(path.join(root, '.gitignore'));
    const text = await readText(file);
    if (ignoresFolder(text, ARTIFACTS_FOLDER)) return;
    await this.deps.workspaceState.update(GITIGNORE_ASKED, [...asked, root]);
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
    await vscode.workspace.fs.writeFile(file, Buffer.from(withIgnoredFolder(await readText(file), ARTIFACTS_FOLDER), 'utf8'));
    this.deps.log.info(`Added /${ARTIFACTS_FOLDER}/ to ${file.fsPath}.`);
  }
}

/** Progress a few times a second rather than per chunk; one figure held back is shown when its time
 * comes, so a pause never hides the latest. */
function reporter(
  progress: vscode.Progress<{ message?: string; increment?: number }>,
  progressText: (p: ArtifactProgress) => string,
): {
  report: (p: ArtifactProgress) => void;
  stop: () => void;
} {
  let shownPercent = 0;
  let shownAt = 0;
  let latest: ArtifactProgress | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (): void => {
    timer = undefined;
    if (!latest) return;
    const p = latest;
    latest = undefined;
    shownAt = Date.now();
    const percent = p.total ? Math.floor((p.received / p.total) * 100) : 0;
    progress.report({ message: progressText(p), increment: p.total ? percent - shownPercent : undefined });
    shownPercent = percent;
  };
  return {
    report: (p) => {
      latest = p;
      const wait = shownAt + PROGRESS_EVERY_MS - Date.now();
      if (wait <= 0) show();
      else timer ??= setTimeout(show, wait);
    },
    stop: () => clearTimeout(timer),
  };
}

async function pickLink(target: Target): Promise<BuildLink | undefined> {
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
async function pickFolder(link: BuildLink): Promise<Folder | undefined> {
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

async function pickApp(apps: readonly App[]): Promise<App | undefined> {
  const picked = await vscode.window.showQuickPick(
    apps.map((app) => ({ label: iconSafeText(app.name || app.id), app })),
    { title: l10n.t('Download Artifact: App'), placeHolder: l10n.t('The app whose artifact to download') },
  );
  return picked?.app;
}

/** '' when there is no such file yet. */
async function readText(file: vscode.Uri): Promise<string> {
  try {
    return Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
  } catch {
    return '';
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
