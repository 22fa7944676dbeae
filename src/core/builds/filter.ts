import * as l10n from '@vscode/l10n';
import type { BuildFilter, BuildStatus } from '../../api/models';
import { shownText } from '../text/serviceText';

export type { BuildFilter } from '../../api/models';

export const FILTER_STATUSES: readonly BuildStatus[] = ['queued', 'running', 'success', 'failed', 'cancelled'];

export function isFiltered(filter: BuildFilter | undefined): boolean {
  return filter?.branch !== undefined || filter?.status !== undefined;
}

export function describeFilter(filter: BuildFilter | undefined): string {
  const parts: string[] = [];
  if (filter?.branch !== undefined) parts.push(l10n.t('branch: {0}', shownText(filter.branch)));
  if (filter?.status !== undefined) parts.push(filter.status);
  return parts.join(' · ');
}
