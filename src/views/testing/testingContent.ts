import type * as vscode from 'vscode';
import type { Build, TestResult } from '../../api';
import { leavesOf, testTree } from '../../core/testTree';
import type { Log } from '../../services/log';
import { TestLocator } from '../../services/testLocator';
import { TestResultsView, type ShownTests } from './testResultsView';

// The entry of dist/testing.js: the Testing view's controller and the search for the tests' sources,
// loaded with the first results to show (views/testing/buildTests.ts), not at activation. Both are
// made here, once, and live only in this bundle.

/** This bundle's copy of core/language (its @vscode/l10n), told the display language on loading. */
export { useLanguage } from '../../core/language';

/** What the Testing view shows, and where each test's source is. */
export class TestingContent implements vscode.Disposable {
  readonly view = new TestResultsView();
  readonly locator: TestLocator;

  constructor(private readonly log: Log) {
    this.locator = new TestLocator(log);
  }

  /**
   * Finds the tests' sources and shows them; undefined when `isCurrent()` says another showing was
   * asked for meanwhile, so results are never mixed.
   */
  async show(build: Build, appName: string, tests: readonly TestResult[], isCurrent: () => boolean): Promise<ShownTests | undefined> {
    const leaves = leavesOf(testTree(tests));
    const locations = await this.locator.locate(build.id, leaves, (leaf) => leaf.id);
    if (!isCurrent()) return undefined;
    this.view.show(build, appName, tests, locations);
    this.log.info(`Testing view: build ${build.id}, ${leaves.length} test(s), ${locations.size} located.`);
    return this.view.shown;
  }

  clear(): void {
    this.view.clear();
    this.locator.forget();
  }

  dispose(): void {
    this.view.dispose();
  }
}
