// An app's build filter and how it reads in the tree. Pure (no vscode): unit-tested in plain Node.
import type { BuildStatus } from '../api/models';

export interface BuildFilter {
  branch?: string;
  status?: BuildStatus;
}

export const FILTER_STATUSES: readonly BuildStatus[] = ['queued', 'running', 'success', 'failed', 'cancelled'];

export function isFiltered(filter: BuildFilter | undefined): boolean {
  return filter?.branch !== undefined || filter?.status !== undefined;
}

/** "branch: main · failed"; '' when nothing is filtered. */
export function describeFilter(filter: BuildFilter | undefined): string {
  const parts: string[] = [];
  if (filter?.branch !== undefined) parts.push(`branch: ${filter.branch}`);
  if (filter?.status !== undefined) parts.push(filter.status);
  return parts.join(' · ');
}
