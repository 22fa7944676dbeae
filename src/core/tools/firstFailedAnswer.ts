// Where a build's failed tests began to fail, as the chat tool answers it: one line a test, data quoted.
import * as l10n from '@vscode/l10n';
import type { TestResult } from '../../api/models';
import type { FirstFailed } from '../testing/firstFailed';
import { firstFailedText } from '../testing/firstFailedText';
import { named, quoted } from './toolAnswers';

export interface TestFirstFailedEntry {
  readonly test: Pick<TestResult, 'suite' | 'name' | 'target' | 'run'>;
  readonly branch: string;
  readonly found: FirstFailed;
}

/** "Where they began to fail (2):" and a line a test; nothing when none is known. At most `max` tests. */
export function firstFailedLines(entries: readonly TestFirstFailedEntry[], max = 20): string[] {
  if (entries.length === 0) return [];
  const line = ({ test, branch, found }: TestFirstFailedEntry) => {
    const where = [test.target, test.run].filter(Boolean).map(named).join(', ');
    const name = quoted([test.suite, test.name].filter(Boolean).join('.'));
    return `- ${name}${where ? ` (${where})` : ''}: ${firstFailedText(found, branch)}`;
  };
  return [
    `${l10n.t('Where they began to fail')} (${entries.length}):`,
    ...entries.slice(0, max).map(line),
    ...(entries.length > max ? [l10n.t('…and {0} more.', entries.length - max)] : []),
  ];
}
