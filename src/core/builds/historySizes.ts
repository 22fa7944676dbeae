// The Build History's sizes: each build's app package (the artifact Current Branch names) in MB, as a
// line on its own axis and a column. A size more than OUTLIER_FACTOR times the median is drawn at the
// axis' top and marked, as times are (historyScale.ts): one absurd size must not flatten the others.
import * as l10n from '@vscode/l10n';
import type { Build } from '../../api/models';
import { mainChange, sizeChanges, sizedArtifacts, sizeText, type ArtifactSize } from '../artifacts/artifactSizes';
import { outlierLimit } from './historyScale';

/** The size of a build's app package in bytes; null when unknown or not asked. */
export function packageSize(build: Build, sizes: readonly ArtifactSize[] | undefined): number | null {
  if (!sizes) return null;
  const main = mainChange(sizeChanges(sizes, []), sizedArtifacts(build.links.download));
  return typeof main?.size === 'number' ? main.size : null;
}

export interface SizeSeries {
  /** MB, one decimal; null: no point. */
  readonly size: (number | null)[];
  /** Set when a size is beyond the scale: the axis' top, and the marks at it. */
  readonly sizeTop?: number;
  readonly sizeOffScale?: (number | null)[];
}

/** `bytes` oldest first: the series, and each row's words ('' when not known). */
export function sizeSeries(bytes: readonly (number | null)[]): { series: SizeSeries; texts: string[] } {
  const mb = bytes.map((b) => (b === null ? null : Math.round(b / 1e5) / 10));
  const texts = bytes.map((b) => (b === null ? '' : sizeText(b)));
  const known = mb.filter((v): v is number => v !== null);
  const limit = outlierLimit(known);
  if (!known.some((v) => v > limit)) return { series: { size: mb }, texts };
  const top = Math.round(Math.max(...known.filter((v) => v <= limit), 0) * 1.1 * 10) / 10 || 1;
  return {
    series: {
      size: mb.map((v) => (v !== null && v > limit ? top : v)),
      sizeTop: top,
      sizeOffScale: mb.map((v) => (v !== null && v > limit ? top : null)),
    },
    texts,
  };
}

export function sizeTexts(): { size: string; sizeOffScale: string; sizeColumn: string } {
  return {
    size: l10n.t('App size (MB)'),
    sizeOffScale: l10n.t('Size beyond the scale (the table gives it)'),
    sizeColumn: l10n.t('Size'),
  };
}
