// "Which of my branch's failures are new?" as a chat tool answers it: data, led by the line saying so.
import * as l10n from '@vscode/l10n';
import type { Build, TestResult } from '../../api/models';
import { buildLabel, statusPhrase } from '../builds/buildLook';
import type { FailureComparison } from '../testing/baseComparison';
import { baseName, cappedText, noComparisonText, type BaseLook } from '../testing/comparisonText';
import type { FlakyReport } from '../testing/flaky';
import { isFailedTest } from '../testing/testOutcome';
import { dataLead, named, quoted } from './toolAnswers';

export interface ComparedBuild {
  readonly appName: string;
  readonly build: Build;
  /** This build's failed tests. */
  readonly failed: readonly TestResult[];
  readonly look: BaseLook;
  readonly comparison?: FailureComparison;
  readonly flaky?: FlakyReport;
  /** Lines said after the rest: where the failed tests began to fail. */
  readonly more?: readonly string[];
}

const testLine = (test: Pick<TestResult, 'suite' | 'name' | 'target' | 'run'>) => {
  const where = [test.target, test.run].filter(Boolean).map(named).join(', ');
  return `- ${quoted([test.suite, test.name].filter(Boolean).join('.'))}${where ? ` (${where})` : ''}`;
};

/** One app's build: its failures sorted into new and existing, what it fixed, which are flaky. At most `max` tests a list. */
export function comparedBuildText(compared: ComparedBuild, max = 20): string {
  const { build, look, comparison, flaky } = compared;
  const head = l10n.t(
    'Build {0} of {1} on {2} {3}.',
    named(buildLabel(build)),
    named(compared.appName),
    named(build.commit.branch),
    named(statusPhrase(build.status, build.rawStatus)),
  );
  const failed = compared.failed.filter(isFailedTest);
  if (failed.length === 0 && !(comparison && comparison.fixed.length > 0)) return `${head} ${l10n.t('No test failed.')}`;
  const list = (title: string, tests: readonly TestResult[]) =>
    tests.length === 0
      ? []
      : [
          `${title} (${tests.length}):`,
          ...tests.slice(0, max).map(testLine),
          ...(tests.length > max ? [l10n.t('…and {0} more.', tests.length - max)] : []),
        ];
  const lines = [head];
  if (look.kind === 'compared' && comparison) {
    const base = named(baseName(look.branch, look.base));
    lines.push(
      ...list(l10n.t('New failures, not failing on {0}', base), comparison.newFailures),
      ...list(l10n.t('Existing failures, also failing on {0}', base), comparison.existingFailures),
      ...list(l10n.t('Fixed here, failing on {0}', base), comparison.fixed),
      cappedText(comparison, look.branch, look.base) ?? '',
    );
  } else {
    lines.push(noComparisonText(look) ?? '', ...list(l10n.t('Failed tests'), failed));
  }
  const flakyHere = flaky ? failed.flatMap((t) => flaky.flakyOf(t) ?? []) : [];
  if (flaky && flakyHere.length > 0) {
    lines.push(`${l10n.t('Flaky on {0}', named(flaky.branch))} (${flakyHere.length}):`);
    lines.push(
      ...flakyHere.slice(0, max).map((f) => `${testLine(f.test)} ${l10n.t('failed {0} of the last {1} builds', f.failures, f.builds)}`),
    );
  }
  lines.push(...(compared.more ?? []));
  return lines.filter(Boolean).join('\n');
}

export function comparisonAnswerText(builds: readonly ComparedBuild[]): string {
  return [dataLead(), ...builds.map((b) => comparedBuildText(b))].join('\n');
}
