// "Is what I changed tested?" as a chat tool answers it: the count, then each changed function no test ran.
import * as l10n from '@vscode/l10n';
import type { Build } from '../../api/models';
import { buildLabel } from '../builds/buildLook';
import { changedFunctionsText } from '../coverage/changedFunctions';
import { skippedText, type SkipReason } from '../workspace/workspaceFile';
import { dataLead, named } from './toolAnswers';

export interface ChangedFunctionFacts<U> {
  readonly uri: U;
  readonly name: string;
  readonly line: number;
  readonly ran: boolean;
  readonly sinceBuild: boolean;
}

/** At most `max` functions and `max` files not read named, the rest counted; `where` turns a file into the path the user knows. */
export function changedAnswerText<U>(
  build: Build,
  functions: readonly ChangedFunctionFacts<U>[],
  where: (uri: U) => string,
  skipped: readonly { readonly uri: U; readonly reason: SkipReason }[] = [],
  max = 50,
): string {
  const ran = functions.filter((f) => f.ran).length;
  const untested = functions.filter((f) => !f.ran);
  const head = `${changedFunctionsText(ran, functions.length)} (${l10n.t('build {0}', named(buildLabel(build)))})`;
  // Files not read ("Evil.swift: not a regular file, not read"): their functions are not in the count.
  // A branch of 100,000 changed files has 98,000 past the pass's first 2,000: named up to `max`, the rest counted.
  const notRead = skipped.slice(0, max).map((f) => `- ${skippedText(named(where(f.uri)), f.reason)}`);
  if (skipped.length > max) notRead.push(l10n.t('…and {0} more.', skipped.length - max));
  if (functions.length === 0)
    return [dataLead(), head, l10n.t('The branch changed no function since its merge base.'), ...notRead].join('\n');
  const lines = untested.slice(0, max).map((f) => {
    const since = f.sinceBuild ? `, ${l10n.t('changed since build {0}', named(buildLabel(build)))}` : '';
    return `- ${named(f.name)} (${named(where(f.uri))}:${f.line + 1})${since}`;
  });
  const more = untested.length > max ? [l10n.t('…and {0} more.', untested.length - max)] : [];
  const title = untested.length > 0 ? [`${l10n.t('Changed functions no test ran')} (${untested.length}):`] : [];
  return [dataLead(), head, ...title, ...lines, ...more, ...notRead].join('\n');
}
