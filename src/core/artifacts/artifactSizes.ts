// A build's artifacts by size: which are asked, how they are matched across builds (by name: a renamed one
// is new), how a size and a change read, and when a change is past the team's limit.
import * as l10n from '@vscode/l10n';
import type { BuildLink } from '../../api/models';
import { shownText } from '../text/serviceText';
import type { SizeLimit } from '../settings/validateSizes';

/** Artifacts asked per build: a list of thousands of links must not become thousands of requests. */
export const SIZED_ARTIFACTS_MAX = 10;
/** A name longer than this is matched by its start: a hostile 100 KiB name costs no more than this. */
const NAME_KEY_MAX = 100;

/** What a build's artifact is known to weigh: bytes, null when its server would not say, undefined when not known (yet). */
export interface ArtifactSize {
  /** How it is matched in another build: its name, else its file name; unique within the build. */
  readonly key: string;
  readonly link: BuildLink;
  readonly size: number | null | undefined;
}

/** The artifacts whose sizes are asked: the first SIZED_ARTIFACTS_MAX download links, each with its key. */
export function sizedArtifacts(links: readonly BuildLink[]): { key: string; link: BuildLink }[] {
  const taken = new Set<string>();
  return links.slice(0, SIZED_ARTIFACTS_MAX).map((link) => {
    const name = nameOf(link);
    // A name listed twice: the second is "name #2", matched with the other build's second; a link that is
    // itself called "name #2" takes the next free number, so no two artifacts share a key (and a size).
    let key = name;
    for (let count = 2; taken.has(key); count++) key = `${name} #${count}`;
    taken.add(key);
    return { key, link };
  });
}

function nameOf(link: BuildLink): string {
  const named = link.name.trim() || fileOf(link.url);
  return named.slice(0, NAME_KEY_MAX);
}

function fileOf(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return decodeURIComponent(last);
  } catch {
    return '';
  }
}

/** How an artifact of the branch's build compares with the base's of the same name. */
export interface SizeChange {
  readonly key: string;
  readonly size: number | null | undefined;
  /** Absent: the base has no artifact of this name ("new"), or it is an artifact the base had and this build lost. */
  readonly baseSize?: number | null;
  readonly kind: 'compared' | 'new' | 'gone' | 'unknown';
}

/** Every artifact of `now` against the base's of the same key, then the base's that are gone. */
export function sizeChanges(now: readonly ArtifactSize[], base: readonly ArtifactSize[] | undefined): SizeChange[] {
  const before = new Map((base ?? []).map((a) => [a.key, a.size]));
  const changes: SizeChange[] = now.map(({ key, size }) => {
    if (typeof size !== 'number') return { key, size, kind: 'unknown' };
    if (!base) return { key, size, kind: 'new' };
    if (!before.has(key)) return { key, size, kind: 'new' };
    const baseSize = before.get(key);
    return typeof baseSize === 'number' ? { key, size, baseSize, kind: 'compared' } : { key, size, baseSize, kind: 'unknown' };
  });
  const kept = new Set(now.map((a) => a.key));
  for (const { key, size } of base ?? []) if (!kept.has(key)) changes.push({ key, size: undefined, baseSize: size, kind: 'gone' });
  return changes;
}

const INSTALLABLE = /\.(apk|aab|ipa)$/i;

/** The artifact a row names: the first app package (.apk, .aab, .ipa) by name or address, else the largest known. */
export function mainChange(changes: readonly SizeChange[], links: readonly { key: string; link: BuildLink }[]): SizeChange | undefined {
  const present = changes.filter((c) => c.kind !== 'gone');
  const urlOf = new Map(links.map((l) => [l.key, l.link.url]));
  const installable = present.find((c) => INSTALLABLE.test(c.key) || INSTALLABLE.test(pathOf(urlOf.get(c.key) ?? '')));
  if (installable) return installable;
  const known = present.filter((c) => typeof c.size === 'number');
  return known.sort((a, b) => (b.size as number) - (a.size as number))[0] ?? present[0];
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** "42.3 MB" (1 MB = 1,000,000 bytes, as buildService.downloadSizeLimitMB); "unknown" for anything not a size. */
export function sizeText(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return l10n.t('unknown');
  if (bytes < 1000) return l10n.t('{0} B', bytes);
  // Tenths counted in whole numbers: 43,050,000 bytes is 43.1 MB, where 43.05.toFixed(1) says 43.0.
  const tenths = (unit: number) => (Math.round(bytes / (unit / 10)) / 10).toFixed(1);
  if (bytes < 999_950) return l10n.t('{0} KB', tenths(1e3));
  if (bytes < 999_950_000) return l10n.t('{0} MB', tenths(1e6));
  return l10n.t('{0} GB', tenths(1e9));
}

/** "+1.4 MB (+3.4%)"; "-200.0 KB (-0.5%)"; "no change". */
export function changeText(size: number, baseSize: number): string {
  const growth = size - baseSize;
  if (growth === 0) return l10n.t('no change');
  const sign = growth > 0 ? '+' : '-';
  const share = baseSize > 0 ? ` (${sign}${Math.abs((growth / baseSize) * 100).toFixed(1)}%)` : '';
  return `${sign}${sizeText(Math.abs(growth))}${share}`;
}

/** buildService.sizeIncrease: growth past either marks the row. */
export type { SizeLimit } from '../settings/validateSizes';

/** Whether the artifact grew past the limit against the base (a new or unknown one has no growth to judge). */
export function pastLimit(change: SizeChange | undefined, limit: SizeLimit | undefined): boolean {
  if (!change || !limit || change.kind !== 'compared') return false;
  const growth = (change.size as number) - (change.baseSize as number);
  if (growth <= 0) return false;
  const share = (change.baseSize as number) > 0 ? (growth / (change.baseSize as number)) * 100 : Infinity;
  return (limit.percent !== undefined && share > limit.percent) || (limit.megabytes !== undefined && growth > limit.megabytes * 1e6);
}

/** "2%", "1.5 MB", "2% or 1.5 MB" */
export function limitText(limit: SizeLimit): string {
  const parts = [
    limit.percent !== undefined ? `${limit.percent}%` : '',
    limit.megabytes !== undefined ? l10n.t('{0} MB', limit.megabytes) : '',
  ];
  return parts.filter(Boolean).join(l10n.t(' or '));
}

/** One artifact's line: "app.apk 42.3 MB, +1.4 MB (+3.4%)"; "app.apk 42.3 MB, new"; "old.txt gone (was 1.0 MB)". */
export function changeLine(change: SizeChange): string {
  const name = shownText(change.key, 80);
  switch (change.kind) {
    case 'compared':
      return l10n.t('{0} {1}, {2}', name, sizeText(change.size), changeText(change.size as number, change.baseSize as number));
    case 'new':
      return l10n.t('{0} {1}, new', name, sizeText(change.size));
    case 'gone':
      return l10n.t('{0} gone (was {1})', name, sizeText(change.baseSize));
    default:
      return typeof change.size === 'number' ? l10n.t('{0} {1}', name, sizeText(change.size)) : l10n.t('{0}: size unknown', name);
  }
}
