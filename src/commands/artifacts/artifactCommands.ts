// Download Artifact…: which build's artifacts, from a row, a Current Branch build or the palette.
import * as l10n from '@vscode/l10n';
import type { App, Build, BuildServiceClient } from '../../api';
import { buildLabel } from '../../core/builds/buildLook';
import { latestSuccessful } from '../../core/builds/latestBuild';
import { noticeText, shownText } from '../../core/text/serviceText';
import { CommandId } from '../../ids';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { Log } from '../../services/log';
import { notify } from '../../services/notify';
import type { Session } from '../../services/accounts/session';
import type { SettingsService } from '../../services/settings';
import { pickApp, pickFolder, pickLink, type Target } from './artifactPicks';
import { saveWithProgress } from './artifactSave';
import type { GitignoreOffer } from './gitignoreOffer';
import type { CommandGroup } from '../register';
import type { CommandTargets } from '../targets';
import { rowBuild } from '../../core/branch/branchState';

export interface ArtifactCommandsDeps {
  session: Session;
  settings: SettingsService;
  branch: CurrentBranch;
  targets: CommandTargets;
  /** The .gitignore question, asked once per folder. */
  gitignore: GitignoreOffer;
  log: Log;
}

export class ArtifactCommands {
  constructor(private readonly deps: ArtifactCommandsDeps) {}

  table(): CommandGroup<typeof CommandId.downloadArtifact> {
    return { [CommandId.downloadArtifact]: (node) => this.download(node) };
  }

  /** Resolves to the saved file's path, or undefined when nothing was saved (the user was told why). */
  private async download(node: unknown): Promise<string | undefined> {
    // A build of another account is downloaded with that account's client: its token, its origin.
    // From the palette: the selected build's account, else the one the active repository uses.
    const { targets } = this.deps;
    const client = await this.deps.session.readyFor(
      targets.accountOf(node) ?? targets.anyBuild(node)?.account ?? this.deps.branch.activeAccount,
    );
    const target = await this.targetOf(node, client);
    if (!target) return undefined;
    const link = await pickLink(target);
    if (!link) return undefined;
    const folder = await pickFolder(link);
    if (!folder) return undefined;
    if (folder.workspace) void this.deps.gitignore.offer(folder.workspace);
    return saveWithProgress(this.deps, client, link, folder);
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
    return this.branchTarget(client, app, state.branch, rowBuild(entries.find((e) => e.app === app)));
  }

  /** The branch's build when it has artifacts, else its latest successful one. */
  private async branchTarget(client: BuildServiceClient, app: App, branch: string, shown: Build | undefined): Promise<Target | undefined> {
    const build = shown?.links.download.length ? shown : await latestSuccessful(client, app.id, branch);
    const appName = app.name || app.id;
    if (!build) {
      void notify('info', noticeText(l10n.t('{0} has no successful build on {1} to download.'), appName, branch));
      return undefined;
    }
    return { links: build.links.download, what: `${shownText(appName)} ${buildLabel(build)}` };
  }
}
