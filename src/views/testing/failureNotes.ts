import vscode = require('vscode');
import type { TestResult } from '../../api';
import { compareFailures, type FailureComparison } from '../../core/testing/baseComparison';
import { fixedText, flakyText, noComparisonText, summaryText, verdictText, type BaseLook } from '../../core/testing/comparisonText';
import type { FlakyReport } from '../../core/testing/flaky';
import { outcomeOf } from '../../core/testing/testTree';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../../services/accounts/accounts';
import type { Log } from '../../services/log';
import { isCancellation, type TestComparisons } from '../../services/testing/testComparisons';
import type { FirstLook } from '../../services/firstLook';
import type { FirstFailedOf, FirstFailedSearch } from '../../services/testing/firstFailedSearch';
import { firstFailedOfShown, withFirstFailed } from './firstFailedNotes';
import type { FailureNotes as Notes, ShownTests, TestResultsView } from './testResultsView';

/** What was found for the build the Testing view shows: its comparison with the base and the base's flaky tests. */
export interface NotedBuild {
  readonly buildId: string;
  readonly look: BaseLook;
  readonly comparison?: FailureComparison;
  readonly flaky?: FlakyReport;
  /** Where each failed test began to fail, once searched. */
  readonly firstFailed?: FirstFailedOf;
}

// Each time failed tests are put in the Testing view, their build is compared with its base branch and
// the base's flaky tests are counted; the run is then drawn again with a line under each failure. A
// newer show cancels what the last one still had to ask.
export class FailureNotes implements vscode.Disposable {
  private looking: AbortController | undefined;
  private latest: NotedBuild | undefined;
  /** One line per build compared, by its account's id: what Current Branch says beside it. */
  private readonly summaries = new Map<string, string>();
  private readonly noted = new vscode.EventEmitter<NotedBuild>();
  readonly onDidNote = this.noted.event;

  constructor(
    private readonly comparisons: TestComparisons,
    private readonly firstLook: FirstLook,
    private readonly log: Log,
    private readonly firstFailed: FirstFailedSearch,
  ) {}

  get last(): NotedBuild | undefined {
    return this.latest;
  }

  summaryOf(account: Account | undefined, buildId: string): string | undefined {
    return account && this.summaries.get(account.scoped(buildId));
  }

  /** Called with what the Testing view now shows. */
  lookAt(view: TestResultsView | undefined): void {
    this.looking?.abort();
    this.looking = undefined;
    const shown = view?.shown;
    if (!view || !shown?.account || !shown.build.finished || !shown.results.some((t) => outcomeOf(t.status) === 'failed')) return;
    const controller = new AbortController();
    this.looking = controller;
    this.note(view, shown, controller.signal).catch((error: unknown) => {
      if (!isCancellation(error)) this.log.warn(loggedText(`Base comparison of build ${shown.build.id}: ${String(error)}`));
    });
  }

  private async note(view: TestResultsView, shown: ShownTests, signal: AbortSignal): Promise<void> {
    const { build, results } = shown;
    const account = shown.account;
    if (!account) return;
    await this.firstLook.whenSeen(signal);
    const look = { account, client: await account.ready(), signal };
    const baseLook = await this.comparisons.compare(look, build);
    const flaky =
      'branch' in baseLook && build.appId
        ? await this.comparisons.flaky(look, build.appId, baseLook.branch).catch((error: unknown) => {
            if (isCancellation(error)) throw error;
            this.log.warn(loggedText(`Flaky tests of ${baseLook.branch}: ${String(error)}`));
            return undefined;
          })
        : undefined;
    if (signal.aborted) return;
    const passingListed = results.some((t) => outcomeOf(t.status) === 'passed');
    const comparison = baseLook.kind === 'compared' ? compareFailures(results, baseLook.failed, passingListed) : undefined;
    if (!view.annotate(build.id, notesOf(baseLook, comparison, flaky))) return;
    this.latest = { buildId: build.id, look: baseLook, comparison, flaky };
    const summary =
      baseLook.kind === 'compared' && comparison
        ? summaryText(comparison, baseLook.branch, baseLook.base)
        : notesOf(baseLook, comparison, flaky).lines[0];
    if (summary) this.summaries.set(account.scoped(build.id), summary);
    this.noted.fire(this.latest);
    // Then where each began to fail, drawn again under the same notes.
    const firstFailed = await firstFailedOfShown(this.firstFailed, look, build, results, baseLook).catch((error: unknown) => {
      if (isCancellation(error)) throw error;
      this.log.warn(loggedText(`First failed in, build ${build.id}: ${String(error)}`));
    });
    if (!firstFailed || signal.aborted) return;
    if (!view.annotate(build.id, withFirstFailed(notesOf(baseLook, comparison, flaky), firstFailed))) return;
    this.latest = { ...this.latest, firstFailed };
    this.noted.fire(this.latest);
  }

  dispose(): void {
    this.looking?.abort();
    this.noted.dispose();
  }
}

function notesOf(look: BaseLook, comparison: FailureComparison | undefined, flaky: FlakyReport | undefined): Notes {
  const lines: string[] = [];
  if (look.kind === 'compared' && comparison) {
    const fixed = fixedText(comparison, look.branch, look.base);
    if (fixed) lines.push(fixed);
  } else {
    const why = noComparisonText(look);
    if (why) lines.push(why);
  }
  return {
    lines,
    noteOf(test: TestResult): string[] {
      const notes: string[] = [];
      if (look.kind === 'compared' && comparison) notes.push(verdictText(comparison.verdictOf(test), look.branch, look.base));
      const found = flaky?.flakyOf(test);
      if (found && flaky) notes.push(flakyText(found, flaky.branch));
      return notes;
    },
  };
}
