// What Current Branch, its tooltip and the chat tool say of a build's sizes against its base.
import * as l10n from '@vscode/l10n';
import type { BuildNote } from './comparisonText';
import { shownText } from '../text/serviceText';
import { changeLine, limitText, pastLimit, type SizeChange, type SizeLimit } from '../artifacts/artifactSizes';

/** A build's sizes against its base, as decided once; the limit is applied when it is read. */
export interface SizeComparison {
  /** The artifact the row names (sizeChanges' mainChange); undefined when the build lists none. */
  readonly main: SizeChange | undefined;
  readonly changes: readonly SizeChange[];
  /** "main #128"; undefined when the base branch has no finished build to compare with. */
  readonly baseName: string | undefined;
  /** The base branch, said when it has no build to compare with. */
  readonly branch: string;
}

/** "app.apk 42.3 MB, +1.4 MB (+3.4%) against main #128", marked when past the limit; each artifact in the tooltip. */
export function sizeNote(comparison: SizeComparison, limit: SizeLimit | undefined): BuildNote | undefined {
  const { main, changes, baseName } = comparison;
  if (!main) return undefined;
  const against = baseName && main.kind !== 'unknown' ? l10n.t('{0} against {1}', changeLine(main), baseName) : changeLine(main);
  const line = pastLimit(main, limit) && limit ? l10n.t('{0} · over the size limit ({1})', against, limitText(limit)) : against;
  const heading = baseName
    ? l10n.t('Artifact sizes against {0}:', baseName)
    : l10n.t('Artifact sizes (no build of {0} to compare with):', shownText(comparison.branch) || '?');
  return { line, detail: [heading, ...changes.map((change) => `  ${changeLine(change)}`)] };
}

/** Current Branch's note with the sizes' line before it (short, and read first), and their lines last in its tooltip. */
export function withSizes(note: BuildNote | undefined, sizes: BuildNote | undefined): BuildNote | undefined {
  if (!sizes) return note;
  if (!note) return sizes;
  return { line: `${sizes.line} · ${note.line}`, detail: [...note.detail, ...sizes.detail] };
}
