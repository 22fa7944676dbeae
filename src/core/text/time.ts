import * as l10n from '@vscode/l10n';
import { displayLanguage } from './language';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

// Made on first use (activation must not pay for ICU), remade when the display language changes.
let relative: Intl.RelativeTimeFormat | undefined;
let relativeLanguage = '';

function relativeFormat(): Intl.RelativeTimeFormat {
  const language = displayLanguage();
  if (!relative || relativeLanguage !== language) {
    const supported = Intl.RelativeTimeFormat.supportedLocalesOf([language]).length > 0;
    relative = new Intl.RelativeTimeFormat(supported ? language : 'en', { numeric: 'auto' });
    relativeLanguage = language;
  }
  return relative;
}

export function relativeTime(iso: string | undefined, now: number): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  const diff = at - now;
  // Clocks disagree by a few seconds; a build "in 3 seconds" reads as a bug.
  if (Math.abs(diff) < 60_000) return l10n.t('just now');
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relativeFormat().format(Math.trunc(diff / ms), unit);
  }
  return l10n.t('just now');
}

/** The exact time for tooltips, in UTC so every reader sees the same text: "2017-03-02 22:13:26 UTC". */
export function exactTime(iso: string | undefined): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function duration(fromIso: string | undefined, toIso: string | undefined): string {
  const from = fromIso ? Date.parse(fromIso) : NaN;
  const to = toIso ? Date.parse(toIso) : NaN;
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return '';
  const seconds = Math.round((to - from) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return l10n.t('{0} h {1} min', h, m);
  return m > 0 ? l10n.t('{0} min {1} s', m, s) : l10n.t('{0} s', s);
}

export function percent(fraction: number | undefined): string {
  if (fraction === undefined || !Number.isFinite(fraction)) return '';
  return `${(Math.round(fraction * 1000) / 10).toString()}%`;
}
