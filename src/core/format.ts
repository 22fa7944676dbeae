// How builds read in the tree: pure text helpers (no vscode) so they are unit-tested in plain Node.
import type { BuildStatus } from '../api/models';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "5 minutes ago", "yesterday", "just now"; '' for a missing or unreadable time. */
export function relativeTime(iso: string | undefined, now: number): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  const diff = at - now;
  // Clocks disagree by a few seconds; a build "in 3 seconds" reads as a bug.
  if (Math.abs(diff) < 60_000) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.trunc(diff / ms), unit);
  }
  return 'just now';
}

/** The exact time for tooltips, in UTC so every reader sees the same text: "2017-03-02 22:13:26 UTC". */
export function exactTime(iso: string | undefined): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "4 min 55 s", "1 h 2 min", "12 s"; '' when either end is missing or they are out of order. */
export function duration(fromIso: string | undefined, toIso: string | undefined): string {
  const from = fromIso ? Date.parse(fromIso) : NaN;
  const to = toIso ? Date.parse(toIso) : NaN;
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return '';
  const seconds = Math.round((to - from) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

/** The first non-empty line of a commit message, trimmed. */
export function firstLine(message: string | undefined): string {
  return (message ?? '').split(/\r?\n/).find((line) => line.trim() !== '')?.trim() ?? '';
}

/** A 0–1 fraction as "68.8%"; '' when there is none. */
export function percent(fraction: number | undefined): string {
  if (fraction === undefined || !Number.isFinite(fraction)) return '';
  return `${(Math.round(fraction * 1000) / 10).toString()}%`;
}

export const UNFINISHED: readonly BuildStatus[] = ['queued', 'running'];

/** The state icon of a build: a codicon id and, for the outcome states, the theme's test colours. */
export function stateIcon(status: BuildStatus): { id: string; color?: string } {
  switch (status) {
    case 'queued':
      return { id: 'clock' };
    case 'running':
      return { id: 'sync~spin' };
    case 'success':
      return { id: 'pass', color: 'testing.iconPassed' };
    case 'failed':
      return { id: 'error', color: 'testing.iconFailed' };
    case 'cancelled':
      return { id: 'circle-slash' };
    default:
      return { id: 'question' };
  }
}

/**
 * Notification messages turn `[text](https:…)` and `[text](command:…)` into links. Names and branches
 * come from the service and must read as plain text: a zero-width space after `]` keeps them inert.
 */
export function plainForNotification(text: string): string {
  return text.replace(/\]\(/g, ']\u200b(');
}

/** The Cancel Build question: "Cancel build #12 of 2048 iOS App on main?". */
export function cancelQuestion(buildLabel: string, appName: string, branch: string | undefined): string {
  const where = branch ? ` on ${branch}` : '';
  return plainForNotification(`Cancel build ${buildLabel} of ${appName}${where}?`);
}
