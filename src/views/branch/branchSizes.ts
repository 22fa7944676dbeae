import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Build, BuildServiceClient } from '../../api';
import { rowBuild } from '../../core/branch/branchState';
import { mainChange, pastLimit, sizeChanges, sizedArtifacts, changeLine, limitText } from '../../core/artifacts/artifactSizes';
import { sizeNote, type SizeComparison } from '../../core/testing/sizeNote';
import { Lru } from '../../core/cache/lru';
import { baseName, type BuildNote } from '../../core/testing/comparisonText';
import { loggedText, noticeText } from '../../core/text/serviceText';
import { CommandId, Setting } from '../../ids';
import type { Account } from '../../services/accounts/accounts';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { Log } from '../../services/log';
import { notify } from '../../services/notify';
import type { SettingsService } from '../../services/settings';
import type { ArtifactSizes } from '../../services/sizes/artifactSizes';
import type { TestComparisons } from '../../services/testing/testComparisons';

/** Comparisons kept, by account and build: as many as Current Branch's other notes. */
const COMPARED_MAX = 100;

export interface BranchSizesDeps {
  branch: CurrentBranch;
  view: vscode.TreeView<unknown>;
  sizes: ArtifactSizes;
  /** The base is the comparison's (the one place it is asked: compare() below). */
  comparisons: TestComparisons;
  settings: SettingsService;
  log: Log;
}

// Current Branch says how big each app's latest build, once finished, is against its base: once the view
// is visible in a focused window (the user looks), once per build; buildService.sizeIncrease marks the row
// and, once per build, a notice says it grew past the limit.
export class BranchSizes implements vscode.Disposable {
  private readonly compared = new Lru<string, SizeComparison>(COMPARED_MAX);
  /** Builds looked at in this window, whatever came of it: a server that fails is not asked at every focus change. */
  private readonly tried = new Lru<string, true>(COMPARED_MAX);
  private readonly stop = new AbortController();
  private readonly learnt = new vscode.EventEmitter<void>();
  /** A comparison became known, or the limit changed: the rows are drawn again. */
  readonly onDidLearn = this.learnt.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: BranchSizesDeps) {
    const consider = () => this.consider();
    this.subscriptions = [
      deps.branch.onDidChange(consider),
      deps.view.onDidChangeVisibility(consider),
      vscode.window.onDidChangeWindowState(consider),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(Setting.sizeIncrease)) {
          this.learnt.fire();
          this.warnShown();
        }
        // The base branch moved: compared again.
        if (event.affectsConfiguration(Setting.baseBranch)) {
          this.compared.clear();
          this.tried.clear();
          this.learnt.fire();
          this.consider();
        }
      }),
    ];
    this.consider();
  }

  /** The row's line and tooltip, with the limit as set now. */
  noteOf(account: Account | undefined, buildId: string): BuildNote | undefined {
    const comparison = account && this.compared.get(account.scoped(buildId));
    return comparison && sizeNote(comparison, this.deps.settings.value.sizeIncrease);
  }

  /** A finished build's sizes against its base: one request per artifact not known yet, and the base's list once. */
  async compare(account: Account, client: BuildServiceClient, build: Build, signal: AbortSignal): Promise<SizeComparison> {
    const key = account.scoped(build.id);
    const kept = this.compared.get(key);
    if (kept) return kept;
    const look = { account, client, signal };
    const [sizes, { branch, base }] = await Promise.all([
      this.deps.sizes.of(account, client, build, signal),
      this.deps.comparisons.store.baseOf(look, build),
    ]);
    const baseSizes = base ? await this.deps.sizes.of(account, client, base, signal) : undefined;
    const changes = sizeChanges(sizes, baseSizes);
    const comparison: SizeComparison = {
      main: mainChange(changes, sizedArtifacts(build.links.download)),
      changes,
      baseName: base ? baseName(branch, base) : undefined,
      branch,
    };
    // Kept with what is unknown too: a failed artifact is asked again in the next window, not at every focus.
    this.compared.set(key, comparison);
    return comparison;
  }

  private consider(): void {
    const { branch, view } = this.deps;
    if (!view.visible || !vscode.window.state.focused) return;
    const state = branch.state;
    const account = branch.activeAccount;
    if (state.kind !== 'builds' || !account) return;
    for (const entry of state.entries) {
      const { app } = entry;
      const build = rowBuild(entry);
      if (!build?.finished || build.links.download.length === 0) continue;
      const key = account.scoped(build.id);
      if (this.compared.has(key) || this.tried.has(key)) continue;
      this.tried.set(key, true);
      this.look(account, { ...build, appId: build.appId ?? app.id }, app.name || app.id).catch((error: unknown) =>
        this.deps.log.warn(loggedText(`Sizes of build ${build.id}: ${error instanceof Error ? error.message : String(error)}`)),
      );
    }
  }

  private async look(account: Account, build: Build, appName: string): Promise<void> {
    const comparison = await this.compare(account, await account.ready(), build, this.stop.signal);
    this.learnt.fire();
    await this.warn(account, build, appName, comparison);
  }

  /** A limit set or changed: the rows shown that are past it now get their notice, if they never had one. */
  private warnShown(): void {
    const { branch } = this.deps;
    const account = branch.activeAccount;
    if (branch.state.kind !== 'builds' || !account) return;
    for (const entry of branch.state.entries) {
      const { app } = entry;
      const build = rowBuild(entry);
      const comparison = build && this.compared.peek(account.scoped(build.id));
      if (build && comparison) void this.warn(account, build, app.name || app.id, comparison);
    }
  }

  /** Once per build (kept with the sizes, across windows), when its app grew past buildService.sizeIncrease. */
  private async warn(account: Account, build: Build, appName: string, comparison: SizeComparison): Promise<void> {
    const limit = this.deps.settings.value.sizeIncrease;
    const { main } = comparison;
    if (!limit || !main || !pastLimit(main, limit) || !(await this.deps.sizes.firstNotice(account, build.id))) return;
    const open = l10n.t('Open Settings');
    const choice = await notify(
      'warning',
      noticeText(
        l10n.t('{0}: {1} against {2}, past the size limit of {3}.'),
        appName,
        changeLine(main),
        comparison.baseName ?? '',
        limitText(limit),
      ),
      open,
    );
    if (choice === open) await vscode.commands.executeCommand(CommandId.openSettings, Setting.sizeIncrease);
  }

  dispose(): void {
    this.stop.abort();
    for (const s of this.subscriptions) s.dispose();
    this.learnt.dispose();
  }
}
