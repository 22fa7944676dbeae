import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { completionStatusText } from '../../core/builds/buildLook';
import { filledText, iconSafeText, loggedText, noticeText } from '../../core/text/serviceText';
import { CommandId, ViewId } from '../../ids';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { GitWorkspace } from '../../services/branch/gitWorkspace';
import type { Log } from '../../services/log';
import { notify, withNotificationProgress } from '../../services/notify';
import type { BuildTracker } from '../../services/builds/buildTracker';
import type { Session } from '../../services/accounts/session';
import type { AppsView } from '../../views/apps/appsView';
import { RepoNode } from '../../views/branch/branchNodes';
import type { CurrentBranchView } from '../../views/branch/currentBranchView';
import type { CommandGroup } from '../register';
import type { CommandTargets } from '../targets';
import { triggerAndFollow } from './triggerAndFollow';
import { pickApp, pickBranch } from './triggerPicks';

type BranchCommandId =
  | typeof CommandId.triggerBuild
  | typeof CommandId.revealCurrentBranchBuild
  | typeof CommandId.refreshCurrentBranch
  | typeof CommandId.chooseAccountForRepository;

export interface BranchCommandsDeps {
  session: Session;
  git: GitWorkspace;
  model: CurrentBranch;
  branchView: CurrentBranchView;
  apps: AppsView;
  targets: CommandTargets;
  tracker: BuildTracker;
  log: Log;
}

export class BranchCommands {
  constructor(private readonly deps: BranchCommandsDeps) {}

  table(): CommandGroup<BranchCommandId> {
    return {
      [CommandId.triggerBuild]: (node) => this.trigger(node),
      [CommandId.revealCurrentBranchBuild]: (target) => this.reveal(target),
      [CommandId.refreshCurrentBranch]: () => this.deps.model.refresh(),
      [CommandId.chooseAccountForRepository]: (node) => this.chooseAccount(node),
    };
  }

  /** On a repository's section, or (palette) the active editor's repository. */
  private async chooseAccount(node: unknown): Promise<void> {
    const root = node instanceof RepoNode ? node.root : typeof node === 'string' ? node : undefined;
    const outcome = await this.deps.model.chooseAccount(root);
    if (!outcome) return void notify('info', noticeText(l10n.t('Open a Git repository to choose the account it uses.')));
    if (outcome.only === undefined) return;
    const text = outcome.only
      ? noticeText(l10n.t('Only the account {0} has apps that build {1}: there is nothing to choose.'), outcome.only, outcome.name)
      : noticeText(l10n.t('No account has apps that build {0}.'), outcome.name);
    void notify('info', text);
  }

  // The app pick is skipped when only one app builds this repository or when run on an app node; the current
  // branch is offered first. The new build is followed; CompletionNotice announces its end.
  private async trigger(node: unknown): Promise<void> {
    const clicked = this.deps.targets.clickedApp(node);
    // From the palette: the account the active repository uses.
    const asked = clicked?.account ?? this.deps.model.activeAccount;
    const client = await this.deps.session.readyFor(asked);
    const account = this.deps.session.live(asked);
    if (!account) return;
    const app = clicked?.app ?? (await pickApp(this.deps.session, client, this.deps.model.state));
    if (!app) return;
    const branch = await pickBranch(client, app, this.deps.git.snapshot, this.deps.log);
    if (branch === undefined) return;
    const title = noticeText(l10n.t('Triggering a build of {0} on {1}…'), app.name || app.id, branch);
    const { id, build } = await triggerAndFollow(this.deps, {
      account,
      client,
      app,
      branch,
      progress: (start) => withNotificationProgress(title, start),
    });
    // A status-bar note, not a toast: the user just asked for it, and the end gets a toast of its own.
    const name = app.name || app.id;
    const note = build
      ? completionStatusText(build, name)
      : filledText(l10n.t('Build {0} of {1} started; the views show it once the service answers for it.'), [id, name], iconSafeText);
    vscode.window.setStatusBarMessage(note, 5000);
  }

  /** A build of another branch is not in the Current Branch view; its app in the Apps view lists it. */
  private async reveal(target: unknown): Promise<void> {
    const notified = this.deps.targets.accountBuild(target);
    const node = this.deps.branchView.nodeOf(notified);
    if (notified && !node) {
      this.deps.log.info(`Build ${loggedText(notified.build.id)} is not on the current branch; showing it in the Apps view.`);
      await vscode.commands.executeCommand(`${ViewId.apps}.focus`);
      await this.deps.apps.reveal(notified.account, notified.build);
      return;
    }
    await vscode.commands.executeCommand(`${ViewId.currentBranch}.focus`);
    if (node) await this.deps.branchView.reveal(node);
  }
}
