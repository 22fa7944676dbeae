// Test results grouped run (device) → target → suite → test; views/testing/testResultsView.ts draws them.
import * as l10n from '@vscode/l10n';
import type { TestResult } from '../../api/models';
import { shownText } from '../text/serviceText';
import { outcomeOf, type TestOutcome } from './testOutcome';

export interface TestLeaf {
  /** Unique in the tree: the path of labels from the run down. */
  readonly id: string;
  readonly name: string;
  readonly suite: string;
  readonly run: string;
  readonly outcome: TestOutcome;
  /** As the service sent it: how the same test is found in another build. */
  readonly result: TestResult;
}

export interface TestGroup {
  readonly id: string;
  readonly label: string;
  readonly level: 'run' | 'target' | 'suite';
  readonly children: readonly (TestGroup | TestLeaf)[];
}

/** What a missing run, target or suite is called: the service may leave any of them out. */
export const UNNAMED = {
  get run(): string {
    return l10n.t('Unknown device');
  },
  get target(): string {
    return l10n.t('Tests');
  },
  get suite(): string {
    return l10n.t('Tests');
  },
};

/**
 * The most tests put in the Testing view: each is an item and a mark sent to the workbench, drawn again
 * as the comparison's notes come in; 10,000 of them kept the extension host from answering for seconds.
 */
export const TESTS_SHOWN_MAX = 1_000;

/**
 * What the Testing view lists: at most TESTS_SHOWN_MAX tests of `results`, the failed ones first, each kind
 * in the order sent. Tests, not reports: a test reported again (a retry) is one, its first report, as in testTree.
 */
export function testsShown(results: readonly TestResult[]): readonly TestResult[] {
  if (results.length <= TESTS_SHOWN_MAX) return results;
  const tests = leavesOf(testTree(results));
  if (tests.length <= TESTS_SHOWN_MAX) return results;
  const failed = tests.filter((test) => test.outcome === 'failed');
  const others = tests.filter((test) => test.outcome !== 'failed');
  return [...failed, ...others].slice(0, TESTS_SHOWN_MAX).map((test) => test.result);
}

export function isLeaf(node: TestGroup | TestLeaf): node is TestLeaf {
  return !('children' in node);
}

/** Groups results in the order the service sent them; a test named twice in one suite is kept once. */
export function testTree(results: readonly TestResult[]): TestGroup[] {
  type Suites = Map<string, Map<string, TestLeaf>>;
  const runs = new Map<string, Map<string, Suites>>();
  for (const result of results) {
    const run = result.run || UNNAMED.run;
    const target = result.target || UNNAMED.target;
    const suite = result.suite || UNNAMED.suite;
    const targets = getOrAdd(runs, run, () => new Map<string, Suites>());
    const suites = getOrAdd(targets, target, (): Suites => new Map());
    const tests = getOrAdd(suites, suite, () => new Map<string, TestLeaf>());
    const id = [run, target, suite, result.name].map(encodeURIComponent).join('/');
    if (!tests.has(result.name)) tests.set(result.name, { id, name: result.name, suite, run, outcome: outcomeOf(result.status), result });
  }
  const group = (level: TestGroup['level'], path: string[], label: string, children: (TestGroup | TestLeaf)[]): TestGroup => ({
    id: [...path, label].map(encodeURIComponent).join('/'),
    label,
    level,
    children,
  });
  return [...runs].map(([run, targets]) =>
    group(
      'run',
      [],
      run,
      [...targets].map(([target, suites]) =>
        group(
          'target',
          [run],
          target,
          [...suites].map(([suite, tests]) => group('suite', [run, target], suite, [...tests.values()])),
        ),
      ),
    ),
  );
}

export function leavesOf(nodes: readonly (TestGroup | TestLeaf)[]): TestLeaf[] {
  return nodes.flatMap((node) => (isLeaf(node) ? [node] : leavesOf(node.children)));
}

export function failureMessage(test: TestLeaf, build: { label: string; appName: string; branch?: string }): string {
  const [name, appName, run] = [shownText(test.name), shownText(build.appName), shownText(test.run)];
  return build.branch
    ? l10n.t('{0} failed in build {1} of {2} on {3}, on {4}.', name, build.label, appName, shownText(build.branch), run)
    : l10n.t('{0} failed in build {1} of {2}, on {3}.', name, build.label, appName, run);
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
