import vscode = require('vscode');
import { type Build, listedOf, TESTS_MAX } from '../../api';
import { branchTestsStep, type AutoShown } from '../../core/testing/branchTests';
import type { BranchState } from '../../core/branch/branchState';
import { loggedText } from '../../core/text/serviceText';
import { leavesOf, testTree } from '../../core/testing/testTree';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { Account } from '../../services/accounts/accounts';
import type { Log } from '../../services/log';
import type { Session } from '../../services/accounts/session';
import type { SettingsService } from '../../services/settings';
import { TestLocator } from '../../services/testLocator';
import { TestResultsView, type ShownTests } from './testResultsView';
import { Disposable } from '../../core/disposable';

export interface BuildTestsDeps {
  session: Session;
  settings: SettingsService;
  branch: CurrentBranch;
  log: Log;
}

/** Puts a build's test results in the Testing view. Only the last build asked for is drawn: a slower
 * answer for an earlier one is dropped, so results are never mixed. */
export class BuildTests extends Disposable {
  private generation = 0;
  private autoShown: AutoShown | undefined;
  /** showPassingTests as the results shown were fetched. */
  private shownWithPassing = false;
  private shownView: TestResultsView | undefined;
  /** Whose build is shown: signing out of it clears the view. */
  private shownAccount: Account | undefined;
  readonly locator: TestLocator;
  private readonly showed = new vscode.EventEmitter<{ asked: boolean }>();
  /** Each time results were put in the Testing view (a run of the controller); `asked`: by a command, not by following the branch. */
  readonly onDidShow = this.showed.event;

  constructor(private readonly deps: BuildTestsDeps) {
    super();
    this.locator = new TestLocator(deps.log);
    this.register(
      deps.branch.onDidChange((state) => this.followBranch(state)),
      deps.settings.onDidChange(() => {
        this.refetch();
        this.followBranch(deps.branch.state);
      }),
      // Another service or token: the same build id there is another build, so what is shown goes.
      deps.session.onDidChange(() => {
        this.autoShown = undefined;
        this.clear();
      }),
      deps.session.accounts.onDidLose(
        () => this.shownAccount,
        () => this.clear(),
      ),
    );
  }

  get view(): TestResultsView | undefined {
    return this.shownView;
  }

  /** Made when first needed: the coverage of a build goes through the same controller. */
  testingView(): TestResultsView {
    this.shownView ??= new TestResultsView();
    return this.shownView;
  }

  /** Fetches and shows; rejects with an ApiError, no connection or a failed request (the command wrapper presents it). */
  show(build: Build, appName: string, account = this.deps.session.account()): Promise<ShownTests | undefined> {
    return this.fetchAndShow(build, appName, account, true);
  }

  private async fetchAndShow(build: Build, appName: string, account: Account | undefined, asked: boolean): Promise<ShownTests | undefined> {
    const generation = ++this.generation;
    const { session, settings } = this.deps;
    const client = await session.readyFor(account);
    const withPassing = settings.value.showPassingTests;
    const results = await client.getTests(build.id, { showPassing: withPassing ? true : undefined });
    if (generation !== this.generation) return undefined;
    const leaves = leavesOf(testTree(results.tests));
    // The locator looks for a bounded number of tests: the failed ones are the ones to find in the editor.
    const failedFirst = [...leaves.filter((l) => l.outcome === 'failed'), ...leaves.filter((l) => l.outcome !== 'failed')];
    const locations = await this.locator.locate(build.id, failedFirst, (leaf) => leaf.id);
    if (generation !== this.generation) return undefined;
    this.testingView().show(build, appName, results.tests, locations, account);
    this.showed.fire({ asked });
    this.shownAccount = account;
    this.shownWithPassing = withPassing;
    const listed = listedOf(results.tests);
    this.deps.log.info(
      `Testing view: build ${loggedText(build.id)}, ${leaves.length} test(s) of ${listed} listed (at most ${TESTS_MAX} kept), ${locations.size} located.`,
    );
    return this.shownView?.shown;
  }

  clear(): void {
    this.generation++;
    this.shownAccount = undefined;
    this.shownView?.clear();
    this.locator.forget();
  }

  private followBranch(state: BranchState): void {
    // The step first: most states keep what is shown, and reading the settings is not free at activation.
    const keyOf = (id: string) => this.deps.branch.activeAccount?.scoped(id) ?? id;
    const shown = this.shownView?.shown;
    const step = branchTestsStep(state, this.autoShown, shown && (this.shownAccount?.scoped(shown.build.id) ?? shown.build.id), keyOf);
    if (step.kind === 'keep' || !this.deps.settings.value.testResultsForCurrentBranch) return;
    if (step.kind === 'clear') {
      this.deps.log.info(
        `Testing view: cleared, no finished build of ${'branch' in state ? loggedText(state.branch) : 'this repository'}.`,
      );
      this.autoShown = undefined;
      return this.clear();
    }
    if (state.kind !== 'builds') return;
    const { build, app } = step.entry;
    this.autoShown = { key: keyOf(build.id), branch: state.branch };
    // Not awaited; a failure is the log's, not a toast's: the view itself shows what is wrong with the connection.
    this.showInBackground(build, app.name || app.id, () => (this.autoShown = undefined), this.deps.branch.activeAccount);
  }

  private refetch(): void {
    const shown = this.shownView?.shown;
    if (!shown || this.deps.settings.value.showPassingTests === this.shownWithPassing) return;
    this.shownWithPassing = this.deps.settings.value.showPassingTests;
    this.showInBackground(shown.build, shown.appName, undefined, this.shownAccount);
  }

  private showInBackground(build: Build, appName: string, failed?: () => void, account?: Account): void {
    this.fetchAndShow(build, appName, account ?? this.deps.session.account(), false).catch((error: unknown) => {
      failed?.();
      this.deps.log.warn(loggedText(`Test results of build ${build.id}: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  override dispose(): void {
    this.generation++;
    super.dispose();
    this.showed.dispose();
    this.shownView?.dispose();
  }
}
