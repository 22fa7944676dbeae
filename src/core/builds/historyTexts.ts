// The words of the build history's chart and table, in the window's language: the webview needs no l10n.
import * as l10n from '@vscode/l10n';
import type { Outcome } from './historyOutcome';
import { sizeTexts } from './historySizes';

export interface HistoryTexts {
  readonly title: string;
  readonly outcomes: Record<Outcome, string>;
  readonly queued: string;
  readonly tests: string;
  readonly coverage: string;
  readonly size: string;
  readonly sizeOffScale: string;
  readonly minutes: string;
  readonly offScale: string;
  readonly showTable: string;
  readonly showChart: string;
  readonly empty: string;
  readonly clickHint: string;
  readonly columns: readonly string[];
}

export function historyTexts(): HistoryTexts {
  const { size, sizeOffScale, sizeColumn } = sizeTexts();
  return {
    size,
    sizeOffScale,
    title: l10n.t('Build History'),
    outcomes: {
      success: l10n.t('Succeeded'),
      failed: l10n.t('Failed'),
      cancelled: l10n.t('Cancelled'),
      unfinished: l10n.t('Queued or running'),
      other: l10n.t('Other state'),
    },
    queued: l10n.t('Time queued'),
    tests: l10n.t('Tests'),
    coverage: l10n.t('Coverage'),
    minutes: l10n.t('Minutes'),
    offScale: l10n.t('Beyond the scale (the table gives the time)'),
    showTable: l10n.t('Show as Table'),
    showChart: l10n.t('Show as Chart'),
    empty: l10n.t('No builds yet.'),
    clickHint: l10n.t('Click a build to select it in the Apps view.'),
    columns: [
      l10n.t('Build number'),
      l10n.t('Git branch'),
      l10n.t('State'),
      l10n.t('Created'),
      l10n.t('Time queued'),
      l10n.t('Duration'),
      l10n.t('Tests'),
      l10n.t('Coverage'),
      sizeColumn,
    ],
  };
}
