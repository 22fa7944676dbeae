import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Build } from '../api';
import { completionMessage } from '../core/builds/buildLook';
import { hasFailedTests } from '../core/testing/branchTests';
import { loggedText } from '../core/text/serviceText';
import { CommandId, Setting } from '../ids';
import type { CurrentBranch } from '../services/branch/currentBranch';
import type { Log } from '../services/log';
import { notify } from '../services/notify';
import type { Account } from '../services/accounts/accounts';
import type { AccountBuild, BuildTracker, Ended } from '../services/builds/buildTracker';
import type { SettingsService } from '../services/settings';

// Functions, not constants: the translation is read when the notice is shown, not at load.
export const OPEN_BUILD = (): string => l10n.t('Open Build');
export const SHOW_FAILED_TESTS = (): string => l10n.t('Show Failed Tests');
export const DONT_SHOW_AGAIN = (): string => l10n.t("Don't Show Again");

/** Enough to remember every build announced in a long session without growing for ever. */
const REMEMBERED = 500;

export interface CompletionNoticeDeps {
  tracker: BuildTracker;
  settings: SettingsService;
  branch: CurrentBranch;
  log: Log;
}

// Builds that are only shown are not announced: the view and the status bar already change.
export class CompletionNotice implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;
  private readonly announced = new Set<string>();
  /** For tests. */
  count = 0;

  constructor(private readonly deps: CompletionNoticeDeps) {
    this.subscription = deps.tracker.onDidChange(({ account, build, ended }) => ended && this.finished(account, build, ended));
  }

  private finished(account: Account, build: Build, ended: Ended): void {
    const appName = account.appNameOf(build.appId);
    const message = completionMessage(build, appName);
    this.deps.log.info(loggedText(`Build ${build.id} finished: ${message}`));
    const choice = this.deps.settings.value.notifyOnCompletion;
    const wanted =
      choice === 'triggered' ? ended === 'triggered' : choice === 'branch' && (ended === 'triggered' || this.isOnBranch(account, build));
    const key = account.scoped(build.id);
    if (!wanted || this.announced.has(key)) return;
    if (this.announced.size >= REMEMBERED) this.announced.clear();
    this.announced.add(key);
    this.count++;
    const [openBuild, showFailed, dontShow] = [OPEN_BUILD(), SHOW_FAILED_TESTS(), DONT_SHOW_AGAIN()];
    const actions = hasFailedTests(build) ? [openBuild, showFailed, dontShow] : [openBuild, dontShow];
    void account.noticeShown(notify(build.status === 'failed' ? 'error' : 'info', message, ...actions)).then(async (picked) => {
      const target: AccountBuild = { account, build };
      if (picked === openBuild) await vscode.commands.executeCommand(CommandId.revealCurrentBranchBuild, target);
      if (picked === showFailed) await vscode.commands.executeCommand(CommandId.showTestResults, target);
      // Global: the user asked for quiet everywhere, not only in this workspace.
      if (picked === dontShow)
        await vscode.workspace.getConfiguration().update(Setting.notifyOnCompletion, 'off', vscode.ConfigurationTarget.Global);
    });
  }

  /** Of the branch of any repository shown (a multi-root workspace shows several). */
  private isOnBranch(account: Account, build: Build): boolean {
    return this.deps.branch.sectionStates.some(
      (section) =>
        section.account === account &&
        section.state.kind === 'builds' &&
        build.commit.branch === section.state.branch &&
        section.state.entries.some((e) => e.app.id === build.appId),
    );
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
