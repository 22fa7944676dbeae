import vscode = require('vscode');
import type { TestResult } from '../../api';
import { cachedAnswers, Lru } from '../../core/cache/lru';
import { textBytes } from '../../core/cache/weights';
import { compareFailures, type FailureComparison } from '../../core/testing/baseComparison';
import {
  cappedText,
  fixedText,
  flakyText,
  noComparisonText,
  summaryText,
  verdictText,
  type BaseLook,
  type BuildNote,
} from '../../core/testing/comparisonText';
import type { FlakyReport } from '../../core/testing/flaky';
import { isFailedTest, isPassedTest } from '../../core/testing/testOutcome';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../../services/accounts/accounts';
import type { Log } from '../../services/log';
import { isCancellation, type TestComparisons } from '../../services/testing/testComparisons';
import { CACHE_BOUNDS } from '../../core/testing/comparisonBounds';
import type { FirstLook } from '../../services/firstLook';
import { Setting } from '../../ids';
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
// newer show cancels what the last one still had to ask. Another base branch or flaky count in the
// settings draws what is shown again, compared anew (the comparisons are kept by build and base).
export class FailureNotes implements vscode.Disposable {
  private looking: AbortController | undefined;
  private latest: NotedBuild | undefined;
  private view: TestResultsView | undefined;
  /** One line per build compared, by its account's id: what Current Branch says beside it; as many as comparisons are kept. */
  private readonly summaries = new Lru<string, BuildNote>(SUMMARIES_MAX, cachedAnswers);
  private readonly noted = new vscode.EventEmitter<NotedBuild>();
  readonly onDidNote = this.noted.event;
  private readonly summariesChanged = new vscode.EventEmitter<void>();
  /** A line was added or all were forgotten: Current Branch draws its rows again. */
  readonly onDidChangeSummaries = this.summariesChanged.event;
  private readonly settingsChanged: vscode.Disposable;

  constructor(
    private readonly comparisons: TestComparisons,
    private readonly firstLook: FirstLook,
    private readonly log: Log,
    private readonly firstFailed: FirstFailedSearch,
  ) {
    this.settingsChanged = vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(Setting.baseBranch) && !event.affectsConfiguration(Setting.flakyTestBuilds)) return;
      this.summaries.clear();
      this.latest = undefined;
      this.summariesChanged.fire();
      this.lookAt(this.view);
    });
  }

  get last(): NotedBuild | undefined {
    return this.latest;
  }

  summaryOf(account: Account | undefined, buildId: string): BuildNote | undefined {
    return account && this.summaries.get(account.scoped(buildId));
  }

  /** Called with what the Testing view now shows. */
  lookAt(view: TestResultsView | undefined): void {
    this.view = view;
    this.looking?.abort();
    this.looking = undefined;
    const shown = view?.shown;
    if (!view || !shown?.account || !shown.build.finished || !shown.results.some(isFailedTest)) return;
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
    const passingListed = results.some(isPassedTest);
    const comparison = baseLook.kind === 'compared' ? compareFailures(results, baseLook.failed, passingListed) : undefined;
    const notes = notesOf(baseLook, comparison, flaky);
    if (!view.annotate(build.id, notes)) return;
    this.latest = { buildId: build.id, look: baseLook, comparison, flaky };
    const line = baseLook.kind === 'compared' && comparison ? summaryText(comparison, baseLook.branch, baseLook.base) : notes.lines[0];
    // The run's output lines go in the tooltip too: the fixed tests are where the user looks.
    if (line) {
      const detail = line === notes.lines[0] ? [] : notes.lines;
      this.summaries.set(
        account.scoped(build.id),
        { line, detail },
        detail.reduce((sum, text) => sum + textBytes(text), textBytes(line)),
      );
    }
    this.noted.fire(this.latest);
    this.summariesChanged.fire();
    // Then where each began to fail, drawn again under the same notes.
    const firstFailed = await firstFailedOfShown(this.firstFailed, look, build, results, baseLook).catch((error: unknown) => {
      if (isCancellation(error)) throw error;
      this.log.warn(loggedText(`First failed in, build ${build.id}: ${String(error)}`));
    });
    if (!firstFailed || signal.aborted) return;
    if (!view.annotate(build.id, withFirstFailed(notes, firstFailed))) return;
    this.latest = { ...this.latest, firstFailed };
    this.noted.fire(this.latest);
  }

  dispose(): void {
    this.looking?.abort();
    this.settingsChanged.dispose();
    this.noted.dispose();
    this.summariesChanged.dispose();
  }
}

/** Current Branch's notes kept: as many as comparisons (core/testing/comparisonStore.ts). */
const SUMMARIES_MAX = CACHE_BOUNDS.comparisons;

function notesOf(look: BaseLook, comparison: FailureComparison | undefined, flaky: FlakyReport | undefined): Notes {
  const lines: string[] = [];
  if (look.kind === 'compared' && comparison) {
    const capped = cappedText(comparison, look.branch, look.base);
    if (capped) lines.push(capped);
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
