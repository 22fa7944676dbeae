// The build history's outcome groups: each a bar series of its own colour in the chart.
import type { BuildStatus } from '../../api/models';

/** The colour groups of the chart; each is one bar series (a series has one colour). */
export const OUTCOMES = ['success', 'failed', 'cancelled', 'unfinished', 'other'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function outcomeOf(status: BuildStatus): Outcome {
  if (status === 'queued' || status === 'running') return 'unfinished';
  return status === 'success' || status === 'failed' || status === 'cancelled' ? status : 'other';
}
