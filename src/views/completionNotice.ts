import * as vscode from 'vscode';
import type { Build } from '../api';
import { completionMessage } from '../core/buildLook';
import { CommandId, Setting } from '../ids';
import type { Log } from '../services/log';
import type { BuildPoller } from '../services/poller';
import type { Session } from '../services/session';
import type { SettingsService } from '../services/settings';

export const OPEN_BUILD = 'Open Build';
export const DONT_SHOW_AGAIN = "Don't Show Again";

/**
 * One notification when a build triggered from this window finishes. Builds that are only shown are
 * not announced: the view and the status bar already change, and a toast per build would be noise.
 */
export class CompletionNotice implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(
    poller: BuildPoller,
    private readonly settings: SettingsService,
    private readonly session: Session,
    private readonly log: Log,
  ) {
    this.subscription = poller.onDidFinish(({ build, reason }) => {
      if (reason === 'triggered') this.announce(build);
    });
  }

  private announce(build: Build): void {
    const message = completionMessage(build, build.appId ? this.session.nameOf(build.appId) : 'an app');
    this.log.info(`Build ${build.id} finished: ${message}`);
    if (!this.settings.value.notifyOnCompletion) return;
    const show = build.status === 'failed' ? vscode.window.showErrorMessage : vscode.window.showInformationMessage;
    void show(message, OPEN_BUILD, DONT_SHOW_AGAIN).then(async (choice) => {
      if (choice === OPEN_BUILD) await vscode.commands.executeCommand(CommandId.revealCurrentBranchBuild, build.id);
      // Global: the user asked for quiet everywhere, not only in this workspace.
      if (choice === DONT_SHOW_AGAIN) await vscode.workspace.getConfiguration().update(Setting.notifyOnCompletion, false, vscode.ConfigurationTarget.Global);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
