import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { type Build, listedOf, type TestResult } from '../../api';
import { buildLabel } from '../../core/builds/buildLook';
import { nextTurn } from '../../core/nextTurn';
import { iconSafeText, shownText } from '../../core/text/serviceText';
import type { TestOutcome } from '../../core/testing/testOutcome';
import { failureMessage, isLeaf, leavesOf, testsShown, testTree, type TestGroup, type TestLeaf } from '../../core/testing/testTree';
import type { Account } from '../../services/accounts/accounts';
import type { TestLocation } from '../../services/testLocator';

export const TEST_CONTROLLER_ID = 'buildService';
export const TEST_CONTROLLER_LABEL = 'Build Service';

export interface ShownTests {
  readonly build: Build;
  readonly appName: string;
  readonly outcomes: ReadonlyMap<string, TestOutcome>;
  /** The results as fetched, and whose build it is (for the comparison with its base). */
  readonly results: readonly TestResult[];
  readonly account?: Account;
  /** Each failed test's message as last drawn, by test id. */
  readonly messages: ReadonlyMap<string, string>;
  /** Lines the run's output said once (how many tests are listed when not all, the fixed tests, or why nothing was compared). */
  readonly said: readonly string[];
}

/** What the comparison with the base branch adds to a run: lines under a failed test's message, and lines said once. */
export interface FailureNotes {
  noteOf(test: TestResult): readonly string[];
  readonly lines: readonly string[];
}

interface Drawn {
  readonly tree: TestGroup[];
  readonly items: vscode.TestItem[];
  readonly byId: ReadonlyMap<string, vscode.TestItem>;
  readonly locations: ReadonlyMap<string, TestLocation>;
  readonly name: string;
  readonly facts: { label: string; appName: string; branch?: string };
  /** Said first in the run's output when the view lists fewer tests than the answer held (TESTS_SHOWN_MAX, TESTS_MAX). */
  readonly cut?: string;
}

/** Test results marked in one turn of the event loop (a failure with its message is two messages to the workbench). */
const MARKS_PER_TURN = 200;

// Marked through a TestRun so results show in the Test Results panel and, where the source was found, in the gutter.
export class TestResultsView implements vscode.Disposable {
  private created: vscode.TestController | undefined;
  private current: ShownTests | undefined;
  private drawn: Drawn | undefined;
  /** Counts the runs drawn: a run still marking stops once a later one began. */
  private runsDrawn = 0;
  private disposed = false;

  /** Made with the first results, not at activation: creating it is a round trip to the workbench. */
  get controller(): vscode.TestController {
    this.created ??= vscode.tests.createTestController(TEST_CONTROLLER_ID, TEST_CONTROLLER_LABEL);
    return this.created;
  }

  get shown(): ShownTests | undefined {
    return this.current;
  }

  /** The files where the failed tests shown were found. */
  failedSources(): vscode.Uri[] {
    const { drawn, current } = this;
    if (!drawn || !current) return [];
    return [...current.outcomes].flatMap(([id, outcome]) => {
      const location = outcome === 'failed' ? drawn.locations.get(id) : undefined;
      return location ? [location.uri] : [];
    });
  }

  show(
    build: Build,
    appName: string,
    results: readonly TestResult[],
    locations: ReadonlyMap<string, TestLocation>,
    account?: Account,
  ): void {
    const listedHere = testsShown(results);
    const tree = testTree(listedHere);
    const byId = new Map<string, vscode.TestItem>();
    const items = tree.map((group) => this.itemOf(group, locations, byId));
    this.controller.items.replace(items);
    const facts = { label: buildLabel(build), appName, branch: build.commit.branch };
    const name = facts.branch
      ? l10n.t('Build {0} of {1} on {2}', facts.label, shownText(appName), shownText(facts.branch))
      : l10n.t('Build {0} of {1}', facts.label, shownText(appName));
    const listed = listedOf(results);
    const cut =
      listed > listedHere.length
        ? l10n.t(
            'The Testing view shows {0} of the {1} tests the build service listed, the failed ones first.',
            leavesOf(tree).length,
            listed,
          )
        : undefined;
    this.drawn = { tree, items, byId, locations, name, facts, cut };
    this.current = { build, appName, results, account, ...this.run(this.drawn) };
  }

  /** Draws the shown build's run again with the comparison's notes; false when another build is shown now. */
  annotate(buildId: string, notes: FailureNotes): boolean {
    if (!this.current || !this.drawn || this.current.build.id !== buildId) return false;
    this.current = { ...this.current, ...this.run(this.drawn, notes) };
    return true;
  }

  private run(drawn: Drawn, notes?: FailureNotes): Pick<ShownTests, 'outcomes' | 'messages' | 'said'> {
    const run = this.controller.createTestRun(new vscode.TestRunRequest(drawn.items), drawn.name, false);
    const outcomes = new Map<string, TestOutcome>();
    const messages = new Map<string, string>();
    const marks: (() => void)[] = [];
    for (const leaf of leavesOf(drawn.tree)) {
      const item = drawn.byId.get(leaf.id);
      if (!item) continue;
      outcomes.set(leaf.id, leaf.outcome);
      if (leaf.outcome === 'passed') marks.push(() => run.passed(item));
      else if (leaf.outcome === 'skipped') marks.push(() => run.skipped(item));
      else {
        const text = [failureMessage(leaf, drawn.facts), ...(notes?.noteOf(leaf.result) ?? [])].join('\n');
        messages.set(leaf.id, text);
        marks.push(() => run.failed(item, this.messageOf(text, drawn.locations.get(leaf.id))));
      }
    }
    const said = [drawn.cut ?? '', ...(notes?.lines ?? [])].filter(Boolean);
    void this.mark(run, marks, said);
    return { outcomes, messages, said };
  }

  /**
   * Each mark is a message to the workbench: MARKS_PER_TURN at a time, letting the host answer
   * between them. A run drawn after this one (notes came in, another build) ends this one where it is.
   */
  private async mark(run: vscode.TestRun, marks: readonly (() => void)[], said: readonly string[]): Promise<void> {
    const mine = ++this.runsDrawn;
    for (let from = 0; from < marks.length && mine === this.runsDrawn; from += MARKS_PER_TURN) {
      if (from > 0) await nextTurn();
      if (mine === this.runsDrawn) for (const mark of marks.slice(from, from + MARKS_PER_TURN)) mark();
    }
    if (this.disposed) return;
    // The output of a run takes CRLF line ends.
    for (const line of said) run.appendOutput(`${line}\r\n`);
    run.end();
  }

  clear(): void {
    this.runsDrawn++;
    this.created?.items.replace([]);
    this.current = undefined;
    this.drawn = undefined;
  }

  private itemOf(
    node: TestGroup | TestLeaf,
    locations: ReadonlyMap<string, TestLocation>,
    byId: Map<string, vscode.TestItem>,
  ): vscode.TestItem {
    if (isLeaf(node)) {
      const location = locations.get(node.id);
      // The Testing view draws `$(name)` in a label as an icon. Labels only: ids and the source search keep the names as sent.
      const item = this.controller.createTestItem(node.id, iconSafeText(node.name), location?.uri);
      item.range = location?.range;
      byId.set(node.id, item);
      return item;
    }
    const children = node.children.map((child) => this.itemOf(child, locations, byId));
    // A suite whose tests were found lives in that file too, so "Go to Test" works on it.
    const suiteUri = node.level === 'suite' ? children.find((c) => c.uri)?.uri : undefined;
    const item = this.controller.createTestItem(node.id, iconSafeText(node.label), suiteUri);
    item.children.replace(children);
    return item;
  }

  private messageOf(text: string, location: TestLocation | undefined): vscode.TestMessage {
    const message = new vscode.TestMessage(text);
    if (location) message.location = new vscode.Location(location.uri, location.range);
    return message;
  }

  dispose(): void {
    this.disposed = true;
    this.runsDrawn++;
    this.created?.dispose();
  }
}
