// The Testing view as the extension's controller holds it: every test item with its parents' labels,
// its file and range, and the outcome the last run marked.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import type { TestLocator } from '../../src/services/testLocator';
import type { TestResultsView } from '../../src/views/testing/testResultsView';
import { testing } from './extension';

/** The Testing view's controller and the source search, which the first results shown loaded. */
export function loadedTesting(api: BuildServiceExports): { view: TestResultsView; locator: TestLocator } {
  const { view, locator } = testing(api).tests;
  assert.ok(view && locator, 'the Testing view was loaded by the results shown');
  return { view, locator };
}

export interface ShownTest {
  /** run / target / suite / name */
  path: string;
  outcome?: string;
  file?: string;
  line?: number;
  range?: vscode.Range;
}

export function shownTests(api: BuildServiceExports): ShownTest[] {
  const { view } = loadedTesting(api);
  const outcomes = view.shown?.outcomes;
  const out: ShownTest[] = [];
  const walk = (item: vscode.TestItem, labels: string[]) => {
    const children: vscode.TestItem[] = [];
    item.children.forEach((c) => children.push(c));
    if (children.length === 0) {
      out.push({
        path: [...labels, item.label].join(' / '),
        outcome: outcomes?.get(item.id),
        file: item.uri?.path,
        line: item.range?.start.line,
        range: item.range,
      });
    }
    for (const child of children) walk(child, [...labels, item.label]);
  };
  view.controller.items.forEach((item) => walk(item, []));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
