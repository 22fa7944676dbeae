// Saving one artifact with progress and Cancel on screen, then saying where it went or why not.
import * as l10n from '@vscode/l10n';
import * as path from 'node:path';
import vscode = require('vscode');
import type { BuildLink, BuildServiceClient } from '../../api';
import { loggableUrl } from '../../api/downloads/download';
import type { ArtifactProgress } from '../../core/artifacts/artifactDownload';
import { MEGABYTE } from '../../core/settings/validateDownloads';
import { loggedText, noticeText } from '../../core/text/serviceText';
import type { Log } from '../../services/log';
import { notify, withCancellableProgress } from '../../services/notify';
import type { SettingsService } from '../../services/settings';
import type { Folder } from './artifactPicks';

const PROGRESS_EVERY_MS = 200;

/** Resolves to the saved file's path, or undefined when nothing was saved (the user was told why). */
export async function saveWithProgress(
  { settings, log }: { settings: SettingsService; log: Log },
  client: BuildServiceClient,
  link: BuildLink,
  { path: folder, workspace }: Folder,
): Promise<string | undefined> {
  // Loaded with the first download: streams and file handling cost activation nothing.
  const { DownloadFailed, byteSize, progressText, saveArtifact } = await import('../../core/artifacts/artifactDownload');
  const title = noticeText(l10n.t('Downloading {0}'), link.name);
  const { timeoutSeconds, downloadSizeLimitMB } = settings.value;
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
          // In the workspace, build-artifacts/ must stay inside the workspace folder; a folder picked in the dialog is its own root.
          root: workspace?.uri.fsPath ?? folder,
          maxBytes: downloadSizeLimitMB * MEGABYTE,
          timeoutMs: timeoutSeconds * 1000,
          signal: controller.signal,
          onSwept: (names) =>
            log.info(loggedText(`Removed ${names.length} temporary file(s) older than a day from ${folder}: ${names.join(', ')}.`)),
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
    void announce(saved.path, saved.name, byteSize(saved.bytes));
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
      void notify('error', noticeText(l10n.t('The download of {0} failed: {1}. Nothing was kept.'), link.name, error.reason), showLog).then(
        (choice) => choice === showLog && log.show(),
      );
    }
    return undefined;
  }
}

async function announce(file: string, name: string, size: string): Promise<void> {
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
