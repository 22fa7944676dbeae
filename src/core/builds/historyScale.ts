// The minutes axis of the Build History chart, kept readable whatever times a service reports: one
// build said to take 10^12 s would squash every other bar to a pixel. A time more than OUTLIER_FACTOR
// times the median of its series is drawn at the top of the axis and marked (the table gives it in
// full); times that end before they start are no bar, and "unknown" in the table.
import * as l10n from '@vscode/l10n';
import { duration } from '../text/time';

/** One app's builds commonly vary 3× (cached or clean); ten times the median is a wrong time, not a slow build. */
export const OUTLIER_FACTOR = 10;
/** A median of seconds must not mark a build of a few minutes. */
const FLOOR_MINUTES = 5;
/** Room above the tallest ordinary bar for the marks. */
const HEADROOM = 1.1;

/** The table's words for a time: its length, '' when a time is missing, "unknown" when it ends before it starts. */
export function timeText(fromIso: string | undefined, toIso: string | undefined): string {
  const from = fromIso ? Date.parse(fromIso) : NaN;
  const to = toIso ? Date.parse(toIso) : NaN;
  return to < from ? l10n.t('unknown') : duration(fromIso, toIso);
}

/** Above this, a value of `values` is an outlier: OUTLIER_FACTOR times their (lower) median, at least FLOOR_MINUTES. */
export function outlierLimit(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  return Math.max(OUTLIER_FACTOR * median, FLOOR_MINUTES);
}

const known = (values: readonly (number | null)[]): number[] => values.filter((v): v is number => v !== null);

/** What scaling reads and changes of history.ts's model (which imports this module, so not by name). */
interface Scalable {
  readonly rows: readonly { readonly hover: string }[];
  readonly series: {
    readonly x: number[];
    readonly durationByOutcome: Record<string, (number | null)[]>;
    readonly queued: (number | null)[];
  };
}

/** `model` with its outliers drawn at the axis' top (`minutesTop`) and marked (`offScale`); as it was when there are none. */
export function scaled<M extends Scalable>(model: M): M {
  const { series } = model;
  const outcomes = Object.keys(series.durationByOutcome);
  const bars = outcomes.map((o) => series.durationByOutcome[o] ?? []);
  const durationLimit = outlierLimit(bars.flatMap(known));
  const queuedLimit = outlierLimit(known(series.queued));
  const ordinary = [...bars.flatMap(known).filter((v) => v <= durationLimit), ...known(series.queued).filter((v) => v <= queuedLimit)];
  const beyond = series.x.map((i) => bars.some((b) => (b[i] ?? 0) > durationLimit) || (series.queued[i] ?? 0) > queuedLimit);
  if (!beyond.includes(true)) return model;
  const top = Math.round(Math.max(...ordinary, 0) * HEADROOM * 10) / 10 || FLOOR_MINUTES;
  const clamp = (limit: number) => (v: number | null) => (v !== null && v > limit ? top : v);
  const durationByOutcome = Object.fromEntries(outcomes.map((o, n) => [o, (bars[n] ?? []).map(clamp(durationLimit))]));
  const note = l10n.t('beyond the scale');
  return {
    ...model,
    rows: model.rows.map((row, i) => (beyond[i] ? { ...row, hover: `${row.hover} · ${note}` } : row)),
    series: {
      ...series,
      durationByOutcome,
      queued: series.queued.map(clamp(queuedLimit)),
      minutesTop: top,
      offScale: beyond.map((b) => (b ? top : null)),
    },
  };
}
