// Sizes and progress as people read them.
import * as l10n from '@vscode/l10n';

export interface ArtifactProgress {
  received: number;
  /** undefined when the server did not say the size. */
  total?: number;
}

/** 20.0 MB, 512 KB, 12 bytes: decimal units, as file managers show sizes. */
export function byteSize(bytes: number): string {
  if (bytes < 1000) return bytes === 1 ? l10n.t('1 byte') : l10n.t('{0} bytes', bytes);
  if (bytes < 1_000_000) return l10n.t('{0} KB', (bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0));
  if (bytes < 1_000_000_000) return l10n.t('{0} MB', (bytes / 1_000_000).toFixed(1));
  return l10n.t('{0} GB', (bytes / 1_000_000_000).toFixed(2));
}

/** The progress line: "10.5 MB of 20.0 MB (52%)", or just the bytes when the size is not known. */
export function progressText({ received, total }: ArtifactProgress): string {
  if (!total) return byteSize(received);
  return l10n.t('{0} of {1} ({2}%)', byteSize(received), byteSize(total), Math.floor((received / total) * 100));
}
