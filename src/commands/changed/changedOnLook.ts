import type * as vscode from 'vscode';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { FirstLook } from '../../services/firstLook';
import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { WindowApis } from '../../services/windowApis';
import { loggedText } from '../../core/text/serviceText';
import type { BuildCoverage } from '../../views/testing/buildCoverage';
import type { ChangedCommands } from './changedCommands';
import { Disposable } from '../../core/disposable';
import { branchLatestBuild } from '../../core/testing/branchTests';

/** Builds whose changed functions were counted (or tried): the oldest goes first. */
const MAX_COUNTED = 20;

export interface ChangedOnLookDeps {
  changedCommands: ChangedCommands;
  branch: CurrentBranch;
  view: Pick<vscode.TreeView<unknown>, 'visible' | 'onDidChangeVisibility'>;
  window: WindowApis;
  firstLook: FirstLook;
  coverage: BuildCoverage;
  settings: SettingsService;
  log: Log;
}

// Current Branch says "changed functions run by tests: N of M" without the command: once the user has
// looked, while the view is visible and the window focused, once per build. When the Test Coverage view
// follows the branch it waits for that view's coverage, so its own request is the only one.
export class ChangedOnLook extends Disposable {
  private readonly counted = new Set<string>();
  private readonly stop = new AbortController();
  private looked = false;

  constructor(private readonly deps: ChangedOnLookDeps) {
    super();
    const consider = () => this.consider();
    this.register(
      deps.branch.onDidChange(consider),
      deps.view.onDidChangeVisibility(consider),
      deps.window.onDidChangeFocus(consider),
      deps.coverage.onDidShow(consider),
    );
    deps.firstLook.whenSeen(this.stop.signal).then(
      () => {
        this.looked = true;
        this.consider();
      },
      () => undefined,
    );
  }

  private consider(): void {
    const { branch, view, window, coverage, settings, changedCommands, log } = this.deps;
    if (!this.looked || !view.visible || !window.focused) return;
    const state = branch.state;
    const build = branchLatestBuild(state);
    const account = branch.activeAccount;
    if (!build || !account) return;
    const key = account.scoped(build.id);
    if (this.counted.has(key)) return;
    // The coverage view asks for this build's coverage itself: wait for it rather than ask twice.
    if (settings.value.coverageForCurrentBranch && coverage.view?.shown?.build.id !== build.id) return;
    this.counted.add(key);
    if (this.counted.size > MAX_COUNTED) this.counted.delete(this.counted.values().next().value as string);
    changedCommands.report().catch((error: unknown) => {
      log.warn(loggedText(`Changed functions of build ${build.id}: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  override dispose(): void {
    this.stop.abort();
    super.dispose();
  }
}
