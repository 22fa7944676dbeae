// The Testing view as the extension's controller holds it: every test item with its parents' labels,
// its file and range, and the outcome the last run marked.
import type * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import { testing } from './extension';

export interface ShownTest {
  /** run / target / suite / name */
  path: string;
  outcome?: string;
  file?: string;
  line?: number;
  range?: vscode.Range;
}

export function shownTests(api: BuildServiceExports): ShownTest[] {
  const { view } = testing(api).tests;
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
