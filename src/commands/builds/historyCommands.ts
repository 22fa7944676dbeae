import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Build } from '../../api';
import { HISTORY_LIMIT } from '../../core/builds/history';
import { historyWith } from '../../core/builds/historyList';
import { notReady } from '../../core/accounts/connection';
import { noticeText } from '../../core/text/serviceText';
import { CommandId, ViewId } from '../../ids';
import type { Account } from '../../services/accounts/accounts';
import type { Session } from '../../services/accounts/session';
import type { BuildChange, BuildTracker } from '../../services/builds/buildTracker';
import type { Log } from '../../services/log';
import type { ArtifactSizes } from '../../services/sizes/artifactSizes';
import type { ArtifactSize } from '../../core/artifacts/artifactSizes';
import { notify } from '../../services/notify';
import type { AppsView } from '../../views/apps/appsView';
import { BranchBuildNode } from '../../views/branch/branchNodes';
import { HistoryPanel, type HistorySubject } from '../../views/historyPanel';
import type { CommandGroup } from '../register';
import type { CommandTargets } from '../targets';

export interface HistoryCommandsDeps {
  session: Session;
  tracker: BuildTracker;
  apps: AppsView;
  targets: CommandTargets;
  extensionUri: vscode.Uri;
  sizes: ArtifactSizes;
  log: Log;
}

/** Show Build History on an app (Apps view) or on my branch's build (Current Branch). */
export class HistoryCommands implements vscode.Disposable {
  readonly panel: HistoryPanel;
  private readonly subscription: vscode.Disposable;
  /** Ends the sizes asked for the chart shown before. */
  private sizing = new AbortController();
  private sizingOf: HistorySubject | undefined;

  constructor(private readonly deps: HistoryCommandsDeps) {
    this.panel = new HistoryPanel({
      extensionUri: deps.extensionUri,
      log: deps.log,
      select: (account, build) => this.select(account, build),
    });
    this.subscription = deps.tracker.onDidChange((change) => this.tracked(change));
  }

  table(): CommandGroup<typeof CommandId.showBuildHistory> {
    return { [CommandId.showBuildHistory]: (node) => this.show(node) };
  }

  private async show(node: unknown): Promise<void> {
    const subject = this.subjectOf(node);
    if (!subject) {
      void notify('info', noticeText(l10n.t('Show Build History needs an app: pick one in the Apps view.')));
      return;
    }
    const builds = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: l10n.t('Loading the build history') },
      () => this.history(subject),
    );
    this.present(subject, builds, true);
  }

  /** Drawn with the sizes known, then once more when the finished builds' missing sizes are known (one request per artifact, once ever). */
  private present(subject: HistorySubject, builds: readonly Build[], reveal: boolean): void {
    const known = new Map<string, readonly ArtifactSize[]>(builds.map((b) => [b.id, this.deps.sizes.known(subject.account, b)]));
    this.panel.show(subject, builds, { reveal, sizes: known });
    const missing = builds.filter((b) => b.finished && known.get(b.id)?.some((a) => a.size === undefined));
    // Another chart ends what the last one still asked; the same one drawn again lets it finish (its asks are shared).
    const { app, account, branch } = subject;
    const same = this.sizingOf && this.sizingOf.app.id === app.id && this.sizingOf.account === account && this.sizingOf.branch === branch;
    if (!same) {
      this.sizing.abort();
      this.sizing = new AbortController();
      this.sizingOf = subject;
    }
    if (missing.length === 0) return;
    const sizing = this.sizing;
    void this.deps.session
      .readyFor(subject.account)
      .then((client) =>
        Promise.all(missing.map(async (b) => [b.id, await this.deps.sizes.of(subject.account, client, b, sizing.signal)] as const)),
      )
      .then(
        (asked) => {
          // Only over the list it was asked for: a newer list is drawn, with its own sizes, by its own call.
          if (sizing.signal.aborted || this.panel.shown?.builds !== builds) return;
          this.panel.show(subject, builds, { reveal: false, sizes: new Map([...known, ...asked]) });
        },
        (error: unknown) => this.deps.log.warn(`Build history sizes: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  /** One request: the list carries every time and test summary the chart shows. */
  private async history(subject: HistorySubject): Promise<readonly Build[]> {
    const client = await this.deps.session.readyFor(subject.account);
    const { branch } = subject;
    return client.listBuilds(subject.app.id, { limit: HISTORY_LIMIT, ...(branch === undefined ? {} : { branch }) });
  }

  /** The tracker's copy of a build of the chart's app and branch: drawn into the list the chart holds, without asking the service again. */
  private tracked({ account, build }: BuildChange): void {
    const shown = this.panel.shown;
    if (!shown || account !== shown.subject.account || build.appId !== shown.subject.app.id) return;
    if (shown.subject.branch !== undefined && build.commit.branch !== shown.subject.branch) return;
    const builds = historyWith(shown.builds, build);
    if (builds) this.present(shown.subject, builds, false);
  }

  private subjectOf(node: unknown): HistorySubject | undefined {
    if (node instanceof BranchBuildNode) {
      const account = this.deps.session.live(node.account);
      if (!account) throw notReady({ kind: 'not-configured' });
      return { account, app: node.app, branch: node.branch };
    }
    const app = this.deps.targets.app(node);
    return app ? { account: app.account, app: app.app } : undefined;
  }

  private async select(account: Account, build: Build): Promise<void> {
    await vscode.commands.executeCommand(`${ViewId.apps}.focus`);
    await this.deps.apps.reveal(account, build);
  }

  dispose(): void {
    this.sizing.abort();
    this.subscription.dispose();
    this.panel.dispose();
  }
}
