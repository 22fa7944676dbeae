// "How big is my branch's build?" as a chat tool answers it: each app's artifacts against the base, as data.
import * as l10n from '@vscode/l10n';
import type { Build } from '../../api/models';
import { changeText, limitText, pastLimit, sizeText, type SizeChange, type SizeLimit } from '../artifacts/artifactSizes';
import type { SizeComparison } from '../testing/sizeNote';
import { buildLabel } from '../builds/buildLook';
import { dataLead, named } from './toolAnswers';

export interface SizedBuild {
  readonly appName: string;
  readonly build: Build;
  readonly comparison: SizeComparison;
}

export function sizeAnswerText(sized: readonly SizedBuild[], limit: SizeLimit | undefined): string {
  const lines = [dataLead()];
  for (const { appName, build, comparison } of sized) {
    const base = comparison.baseName
      ? l10n.t('against {0}', named(comparison.baseName))
      : l10n.t('no finished build of {0} to compare with', named(comparison.branch || '?'));
    lines.push(`${named(appName)}, ${l10n.t('build {0}', named(buildLabel(build)))}, ${base}:`);
    for (const change of comparison.changes) lines.push(`- ${named(change.key)}: ${changeFacts(change)}`);
    if (comparison.changes.length === 0) lines.push(`- ${l10n.t('no artifacts')}`);
    if (limit && pastLimit(comparison.main, limit)) lines.push(l10n.t('Grew past the size limit ({0}).', limitText(limit)));
  }
  return lines.join('\n');
}

function changeFacts(change: SizeChange): string {
  const bytes = (size: number | null | undefined) =>
    typeof size === 'number' ? l10n.t('{0} bytes ({1})', size, sizeText(size)) : l10n.t('size unknown');
  switch (change.kind) {
    case 'compared':
      return `${bytes(change.size)}, ${changeText(change.size as number, change.baseSize as number)}`;
    case 'new':
      return `${bytes(change.size)}, ${l10n.t('new (no artifact of this name in the base build)')}`;
    case 'gone':
      return l10n.t('only in the base build, {0}', bytes(change.baseSize));
    default:
      return bytes(change.size);
  }
}
