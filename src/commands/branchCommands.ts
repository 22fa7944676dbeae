import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, Build, BuildServiceClient } from '../api';
import { completionStatusText } from '../core/builds/buildLook';
import { loggedText, noticeText } from '../core/text/serviceText';
import { CommandId, ViewId } from '../ids';
import type { CurrentBranch } from '../services/branch/currentBranch';
import type { GitWorkspace } from '../services/branch/gitWorkspace';
import type { Log } from '../services/log';
import { notify, withNotificationProgress } from '../services/notify';
import type { BuildPoller } from '../services/builds/poller';
import type { Session } from '../services/accounts/session';
import type { AppsView } from '../views/apps/appsView';
import { RepoNode } from '../views/branch/branchNodes';
import type { CurrentBranchView } from '../views/branch/currentBranchView';
import type { CommandGroup } from './register';
import type { CommandTargets } from './targets';
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
  poller: BuildPoller;
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
    const account = this.deps.session.live(asked);
    const client = await this.deps.session.readyFor(asked);
    const app = clicked?.app ?? (await pickApp(this.deps.session, client, this.deps.model.state));
    if (!app) return;
    const branch = await pickBranch(client, app, this.deps.git.snapshot, this.deps.log);
    if (branch === undefined) return;
    const id = await withNotificationProgress(noticeText(l10n.t('Triggering a build of {0} on {1}…'), app.name || app.id, branch), () =>
      client.triggerBuild(app.id, { branch }),
    );
    const build = await this.fetchNew(client, id, app, branch);
    this.deps.log.info(loggedText(`Triggered build ${id} of ${app.id} on ${branch}.`));
    this.deps.poller.follow(build, 'triggered', account);
    if (account) this.deps.model.showBuild(account, build);
    // The Apps view reloads, so the new build shows under its app.
    this.deps.apps.invalidate();
    // A status-bar note, not a toast: the user just asked for it, and the end gets a toast of its own.
    vscode.window.setStatusBarMessage(completionStatusText(build, app.name || app.id), 5000);
  }

  /** The new build as the service sees it; if that read fails, a stand-in the poller fills in. */
  private async fetchNew(client: BuildServiceClient, id: string, app: App, branch: string): Promise<Build> {
    try {
      return await client.getBuild(id);
    } catch (error) {
      this.deps.log.warn(
        loggedText(`Build ${id} was triggered but could not be read yet: ${error instanceof Error ? error.message : String(error)}`),
      );
      return {
        id,
        appId: app.id,
        status: 'queued',
        rawStatus: 'queued',
        finished: false,
        commit: { branch, tags: [] },
        testSummary: {},
        links: { download: [], install: [] },
      };
    }
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
