import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, Build, BuildLink, BuildServiceClient } from '../../api';
import { buildLabel } from '../../core/builds/buildLook';
import { checkInstallLink } from '../../core/artifacts/installLink';
import { latestSuccessful } from '../../core/builds/latestBuild';
import { iconSafeText, noticeText, shownText } from '../../core/text/serviceText';
import { CommandId } from '../../ids';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { GitWorkspace } from '../../services/branch/gitWorkspace';
import type { Log } from '../../services/log';
import { notify } from '../../services/notify';
import type { Session } from '../../services/accounts/session';
import type { QrPanel } from '../../views/qrPanel';
import type { CommandGroup } from '../register';
import type { CommandTargets } from '../targets';
import { rowBuild } from '../../core/branch/branchState';

type InstallCommandId = typeof CommandId.showQrCode | typeof CommandId.installLatestBuild;

export interface InstallCommandsDeps {
  session: Session;
  git: GitWorkspace;
  branch: CurrentBranch;
  panel: QrPanel;
  targets: CommandTargets;
  log: Log;
}

export class InstallCommands {
  constructor(private readonly deps: InstallCommandsDeps) {}

  table(): CommandGroup<InstallCommandId> {
    return {
      [CommandId.showQrCode]: (target) => this.showQrCode(target),
      [CommandId.installLatestBuild]: () => this.installLatest(),
    };
  }

  /** On an install link's row (Apps view), on a branch build (its latest successful build), or with a link. */
  private async showQrCode(target: unknown): Promise<void> {
    const row = this.deps.targets.detailRow(target);
    if (row) return this.showLink(row.installUrl, row.label);
    if (typeof target === 'string') return this.showLink(target, l10n.t('Install'));
    const branchBuild = this.deps.targets.branchBuild(target);
    if (branchBuild) {
      // The row's own account: a repository of a second account asks that account, not the window's.
      const client = await this.deps.session.readyFor(branchBuild.account);
      const build = await this.latestSuccess(client, branchBuild.app, branchBuild.branch, branchBuild.build);
      return this.showBuild(build, branchBuild.app, branchBuild.branch);
    }
  }

  /** The palette: pick one of the apps of this repository (or any app), then its latest successful build of the branch. */
  private async installLatest(): Promise<void> {
    // The account the active repository uses, whose builds Current Branch shows.
    const client = await this.deps.session.readyFor(this.deps.branch.activeAccount);
    const state = this.deps.branch.state;
    const branch =
      state.kind === 'builds' ? state.branch : this.deps.git.snapshot.kind === 'repository' ? this.deps.git.snapshot.branch : undefined;
    const candidates = state.kind === 'builds' ? state.entries.map((e) => e.app) : await this.deps.session.apps(client);
    const app = candidates.length === 1 ? candidates[0] : await pickApp(candidates, branch);
    if (!app) return;
    const shownBuild = state.kind === 'builds' ? rowBuild(state.entries.find((e) => e.app.id === app.id)) : undefined;
    const build = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: l10n.t('Finding the latest successful build') },
      () => this.latestSuccess(client, app, branch, shownBuild),
    );
    await this.showBuild(build, app, branch);
  }

  /** The branch's latest successful build: the one shown when it succeeded, else asked for. */
  private async latestSuccess(
    client: BuildServiceClient,
    app: App,
    branch: string | undefined,
    shown: Build | undefined,
  ): Promise<Build | undefined> {
    return shown?.status === 'success' ? shown : latestSuccessful(client, app.id, branch);
  }

  private async showBuild(build: Build | undefined, app: App, branch: string | undefined): Promise<void> {
    const appName = app.name || app.id;
    if (!build) {
      void notify(
        'info',
        branch
          ? noticeText(l10n.t('{0} has no successful build on {1} to install.'), appName, branch)
          : noticeText(l10n.t('{0} has no successful build to install.'), appName),
      );
      return;
    }
    const link = await pickLink(build.links.install);
    if (link === null) {
      const label = buildLabel(build);
      void notify(
        'info',
        branch
          ? noticeText(l10n.t('Build {0} of {1} on {2} has no install link.'), label, appName, branch)
          : noticeText(l10n.t('Build {0} of {1} has no install link.'), label, appName),
      );
      return;
    }
    const linkName = link?.name ? ` (${shownText(link.name)})` : '';
    if (link) await this.showLink(link.url, l10n.t('Install {0} {1}{2}', shownText(appName), buildLabel(build), linkName));
  }

  private async showLink(url: unknown, title: string): Promise<void> {
    const checked = checkInstallLink(url);
    if (!checked.ok) {
      this.deps.log.warn(`No QR code: ${checked.problem}`);
      void notify('error', checked.problem);
      return;
    }
    await this.deps.panel.show(checked.url, title);
  }
}

async function pickApp(apps: readonly App[], branch: string | undefined): Promise<App | undefined> {
  // Quick-pick labels draw `$(name)` as an icon; the placeholder is plain text.
  const items = apps.map((app) => ({ label: iconSafeText(app.name || app.id), description: iconSafeText(app.platform), app }));
  const picked = await vscode.window.showQuickPick(items, {
    title: l10n.t('Install Latest Build on Device: App'),
    placeHolder: branch
      ? l10n.t('The app whose latest successful build of {0} to install', shownText(branch))
      : l10n.t('The app whose latest successful build to install'),
  });
  return picked?.app;
}

/** null: the build has none; undefined: the user closed the pick. */
async function pickLink(links: readonly BuildLink[]): Promise<BuildLink | null | undefined> {
  if (links.length === 0) return null;
  if (links.length === 1) return links[0];
  const picked = await vscode.window.showQuickPick(
    links.map((link) => ({ label: iconSafeText(link.name || link.url), link })),
    { title: l10n.t('Install Link') },
  );
  return picked?.link;
}
