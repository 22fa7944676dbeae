// A build history as the chart and its table show it: pure, so the webview only draws what this decides.
import * as l10n from '@vscode/l10n';
import type { Build } from '../../api/models';
import { stateWord } from './accessibleLabels';
import { filledText, shownText } from '../text/serviceText';
import { duration, exactTime, percent } from '../text/time';
import { buildLabel } from './buildLook';
import { scaled, timeText } from './historyScale';
import { packageSize, sizeSeries, type SizeSeries } from './historySizes';
import type { ArtifactSize } from '../artifacts/artifactSizes';
import { historyTexts, type HistoryTexts } from './historyTexts';
import { OUTCOMES, outcomeOf, type Outcome } from './historyOutcome';

/** One list request of this many builds: enough for a trend, within the service's 100. */
export const HISTORY_LIMIT = 50;

export interface HistoryRow {
  readonly id: string;
  /** "#12", or the id where the service gave no number. */
  readonly label: string;
  readonly branch: string;
  readonly outcome: Outcome;
  readonly state: string;
  readonly created: string;
  readonly queued: string;
  readonly duration: string;
  readonly tests: string;
  readonly coverage: string;
  /** The app package's size ("42.3 MB"), '' when not known. */
  readonly size: string;
  /** What hovering its point says: "#12 · main · Failed · 5 min 3 s". */
  readonly hover: string;
}

/** uPlot's aligned data: x (0 = oldest), a duration series per outcome, then queued, tests and coverage; null = no point. */
export interface HistorySeries extends SizeSeries {
  readonly x: number[];
  readonly durationByOutcome: Record<Outcome, (number | null)[]>;
  readonly queued: (number | null)[];
  readonly tests: (number | null)[];
  readonly coverage: (number | null)[];
  /** The top of the minutes axis when a time is beyond the scale (historyScale.ts); the marks of those builds, at the top. */
  readonly minutesTop?: number;
  readonly offScale?: (number | null)[];
}

/** Everything the webview gets: it reads no service text of its own, and needs no l10n. */
export interface HistoryModel {
  readonly texts: HistoryTexts;
  /** Oldest first, as the x axis runs. */
  readonly rows: readonly HistoryRow[];
  readonly series: HistorySeries;
  /** The chart's aria-label. */
  readonly summary: string;
}

/** The webview's messages to the extension. */
export type HistoryMessage =
  | { readonly type: 'select'; readonly id: string }
  /** After each drawing (the first, a resize, a theme change); `ms` is the page's clock. */
  | { readonly type: 'painted'; readonly rows: number; readonly ms: number };

/** Seconds from one ISO time to another; null when either is missing, unreadable, or the order is wrong. */
export function secondsBetween(fromIso: string | undefined, toIso: string | undefined): number | null {
  const from = fromIso ? Date.parse(fromIso) : NaN;
  const to = toIso ? Date.parse(toIso) : NaN;
  return Number.isNaN(from) || Number.isNaN(to) || to < from ? null : (to - from) / 1000;
}

const minutes = (seconds: number | null): number | null => (seconds === null ? null : Math.round(seconds / 6) / 10);

/** `builds` newest first, as the service lists them; `subject` names the app (and branch) in the summary; `sizes` by build id, as known. */
export function historyModel(
  builds: readonly Build[],
  subject: string,
  sizes: ReadonlyMap<string, readonly ArtifactSize[]> = new Map(),
): HistoryModel {
  const oldestFirst = [...builds].reverse();
  const sized = sizeSeries(oldestFirst.map((build) => packageSize(build, sizes.get(build.id))));
  const series: HistorySeries = {
    ...sized.series,
    x: oldestFirst.map((_, i) => i),
    durationByOutcome: Object.fromEntries(OUTCOMES.map((o) => [o, oldestFirst.map(() => null)])) as Record<Outcome, (number | null)[]>,
    queued: [],
    tests: [],
    coverage: [],
  };
  const tookSeconds: number[] = [];
  const rows = oldestFirst.map((build, i) => {
    const outcome = outcomeOf(build.status);
    const took = secondsBetween(build.startedAt, build.finishedAt);
    if (took !== null) tookSeconds.push(took);
    series.durationByOutcome[outcome][i] = minutes(took);
    series.queued.push(minutes(secondsBetween(build.createdAt, build.startedAt)));
    series.tests.push(finite(build.testSummary.testsCount));
    const coverage = fraction(build.testSummary.coverage);
    series.coverage.push(coverage === null ? null : Math.round(coverage * 1000) / 10);
    return rowOf(build, outcome, sized.texts[i] ?? '');
  });
  return scaled({ texts: historyTexts(), rows, series, summary: summaryOf(rows, tookSeconds, subject) });
}

function rowOf(build: Build, outcome: Outcome, size: string): HistoryRow {
  const label = buildLabel(build);
  const branch = build.commit.branch ? shownText(build.commit.branch, 80) : '';
  const state = stateWord(build.status, build.rawStatus);
  const took = timeText(build.startedAt, build.finishedAt);
  const { testsCount, testsPassed } = build.testSummary;
  const tests =
    testsCount === undefined
      ? ''
      : testsPassed === undefined
        ? String(testsCount)
        : filledText(l10n.t('{0} of {1} passed'), [testsPassed, testsCount]);
  return {
    id: build.id,
    label,
    branch,
    outcome,
    state,
    created: exactTime(build.createdAt),
    queued: timeText(build.createdAt, build.startedAt),
    duration: took,
    tests,
    coverage: percent(fraction(build.testSummary.coverage) ?? undefined),
    size,
    hover: [label, branch, state, took, size].filter(Boolean).join(' · '),
  };
}

function finite(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) ? value : null;
}

/** Coverage as a fraction from 0 to 1: a value outside is drawn and written at the nearer end. */
function fraction(value: number | undefined): number | null {
  const known = finite(value);
  return known === null ? null : Math.min(Math.max(known, 0), 1);
}

/** What a screen reader hears for the chart: how many builds, how they ended, the typical duration. */
function summaryOf(rows: readonly HistoryRow[], tookSeconds: readonly number[], subject: string): string {
  if (rows.length === 0) return filledText(l10n.t('Build history of {0}: no builds.'), [subject], shownText);
  const count = (outcome: Outcome): number => rows.filter((r) => r.outcome === outcome).length;
  const [success, failed] = [count('success'), count('failed')];
  const parts = [
    filledText(l10n.t('Build history of {0}: the last {1} builds, oldest first'), [subject, rows.length], shownText),
    filledText(l10n.t('{0} succeeded, {1} failed, {2} other'), [success, failed, rows.length - success - failed]),
  ];
  const sorted = [...tookSeconds].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (median !== undefined)
    parts.push(filledText(l10n.t('median duration {0}'), [duration(AT_ZERO, new Date(median * 1000).toISOString())]));
  return `${parts.join('; ')}.`;
}

const AT_ZERO = new Date(0).toISOString();
