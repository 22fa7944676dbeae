import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Build, TestResult } from '../../api';
import { buildLabel } from '../../core/builds/buildLook';
import { iconSafeText, shownText } from '../../core/text/serviceText';
import { failureMessage, isLeaf, leavesOf, testTree, type TestGroup, type TestLeaf, type TestOutcome } from '../../core/testing/testTree';
import type { TestLocation } from '../../services/testLocator';

export const TEST_CONTROLLER_ID = 'buildService';
export const TEST_CONTROLLER_LABEL = 'Build Service';

export interface ShownTests {
  readonly build: Build;
  readonly appName: string;
  readonly outcomes: ReadonlyMap<string, TestOutcome>;
}

// Marked through a TestRun so results show in the Test Results panel and, where the source was found, in the gutter.
export class TestResultsView implements vscode.Disposable {
  private created: vscode.TestController | undefined;
  private current: ShownTests | undefined;

  /** Made with the first results, not at activation: creating it is a round trip to the workbench. */
  get controller(): vscode.TestController {
    this.created ??= vscode.tests.createTestController(TEST_CONTROLLER_ID, TEST_CONTROLLER_LABEL);
    return this.created;
  }

  get shown(): ShownTests | undefined {
    return this.current;
  }

  show(build: Build, appName: string, results: readonly TestResult[], locations: ReadonlyMap<string, TestLocation>): void {
    const tree = testTree(results);
    const byId = new Map<string, vscode.TestItem>();
    const items = tree.map((group) => this.itemOf(group, locations, byId));
    this.controller.items.replace(items);
    const facts = { label: buildLabel(build), appName, branch: build.commit.branch };
    const name = facts.branch
      ? l10n.t('Build {0} of {1} on {2}', facts.label, shownText(appName), shownText(facts.branch))
      : l10n.t('Build {0} of {1}', facts.label, shownText(appName));
    const run = this.controller.createTestRun(new vscode.TestRunRequest(items), name, false);
    const outcomes = new Map<string, TestOutcome>();
    for (const leaf of leavesOf(tree)) {
      const item = byId.get(leaf.id);
      if (!item) continue;
      outcomes.set(leaf.id, leaf.outcome);
      if (leaf.outcome === 'passed') run.passed(item);
      else if (leaf.outcome === 'skipped') run.skipped(item);
      else run.failed(item, this.messageOf(leaf, facts, locations.get(leaf.id)));
    }
    run.end();
    this.current = { build, appName, outcomes };
  }

  clear(): void {
    this.created?.items.replace([]);
    this.current = undefined;
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

  private messageOf(
    leaf: TestLeaf,
    facts: { label: string; appName: string; branch?: string },
    location: TestLocation | undefined,
  ): vscode.TestMessage {
    const message = new vscode.TestMessage(failureMessage(leaf, facts));
    if (location) message.location = new vscode.Location(location.uri, location.range);
    return message;
  }

  dispose(): void {
    this.created?.dispose();
  }
}
