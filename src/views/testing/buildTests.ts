import type * as vscode from 'vscode';
import type { Build } from '../../api';
import { latestFinishedBuild } from '../../core/branchTests';
import type { BranchState } from '../../core/branchState';
import { withLanguage } from '../../core/language';
import { onFirstCall } from '../../core/onFirstCall';
import type { CurrentBranch } from '../../services/currentBranch';
import type { Log } from '../../services/log';
import type { Session } from '../../services/session';
import type { SettingsService } from '../../services/settings';
import type { TestLocator } from '../../services/testLocator';
import type { TestingContent } from './testingContent';
import type { ShownTests, TestResultsView } from './testResultsView';

// The Testing view's controller, the test tree and the source search are dist/testing.js, loaded with
// the first results to show: a window whose branch has no finished build never loads them. In the
// bundle esbuild.mjs turns the import below into `require("./testing.js")`, the sibling of
// dist/extension.js; in the unbundled test build (out/) it stays a require of
// out/src/views/testing/testingContent.js.
type TestingModule = typeof import('./testingContent');

export interface BuildTestsDeps {
  session: Session;
  settings: SettingsService;
  branch: CurrentBranch;
  log: Log;
}

/**
 * Fetches a build's test results (failed only, unless buildService.showPassingTests), finds their
 * sources once per build, and puts them in the Testing view. Only the last build asked for is drawn:
 * a slower answer for an earlier one is dropped, so results are never mixed. By default it shows the
 * current branch's latest finished build as soon as the Current Branch view knows it. Another service
 * address or token clears the view.
 */
export class BuildTests implements vscode.Disposable {
  private generation = 0;
  private autoShownId: string | undefined;
  private readonly subscriptions: vscode.Disposable[];
  private readonly content: () => Promise<TestingContent>;
  private loaded: TestingContent | undefined;
  private disposed = false;

  constructor(private readonly deps: BuildTestsDeps) {
    this.content = onFirstCall(() => import('./testingContent').then(withLanguage).then((testing: TestingModule) => this.made(testing)));
    this.subscriptions = [
      deps.branch.onDidChange((state) => this.followBranch(state)),
      deps.settings.onDidChange(() => this.followBranch(deps.branch.state)),
      // Another service or token: what is shown may be another account's builds, so it goes (a showing
      // under way too); the same build id there is another build, worth showing again.
      deps.session.onDidChange(() => {
        this.autoShownId = undefined;
        this.clear();
      }),
    ];
  }

  /** The Testing view's controller and what it shows, once the first results loaded it (for tests). */
  get view(): TestResultsView | undefined {
    return this.loaded?.view;
  }

  /** The search for the tests' sources, likewise (it counts its searches). */
  get locator(): TestLocator | undefined {
    return this.loaded?.locator;
  }

  /** Fetches and shows; rejects with an ApiError, no connection or a failed request (the command wrapper presents it). */
  async show(build: Build, appName: string): Promise<ShownTests | undefined> {
    const generation = ++this.generation;
    const { session, settings } = this.deps;
    const client = await session.ready();
    const showPassing = settings.value.showPassingTests ? true : undefined;
    const [results, content] = await Promise.all([client.getTests(build.id, { showPassing }), this.content()]);
    if (generation !== this.generation) return undefined;
    return content.show(build, appName, results.tests, () => generation === this.generation);
  }

  clear(): void {
    this.generation++;
    this.loaded?.clear();
  }

  private made(testing: TestingModule): TestingContent {
    const content = new testing.TestingContent(this.deps.log);
    if (this.disposed) content.dispose();
    else this.loaded = content;
    return content;
  }

  private followBranch(state: BranchState): void {
    if (state.kind !== 'builds' || !this.deps.settings.value.testResultsForCurrentBranch) return;
    const latest = latestFinishedBuild(state.entries);
    if (!latest || latest.build.id === this.autoShownId) return;
    this.autoShownId = latest.build.id;
    // Not awaited: the Current Branch view goes on drawing; a failure here is the log's, not a toast's
    // (the view itself shows what is wrong with the connection).
    this.show(latest.build, latest.app.name || latest.app.id).catch((error: unknown) => {
      this.autoShownId = undefined;
      this.deps.log.warn(`Test results of build ${latest.build.id}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  dispose(): void {
    this.disposed = true;
    this.generation++;
    for (const s of this.subscriptions) s.dispose();
    this.loaded?.dispose();
  }
}
