// How "where did this test begin to fail" reads under a failed test's message and in the chat tool.
import * as l10n from '@vscode/l10n';
import { buildLabel } from '../builds/buildLook';
import { shownText } from '../text/serviceText';
import { baseName } from './comparisonText';
import type { FirstFailed } from './firstFailed';

/** "first failed in main #38 (passed in #37)" */
export function firstFailedText(found: FirstFailed, branch: string): string {
  switch (found.kind) {
    case 'found':
      return l10n.t('first failed in {0} (passed in {1})', baseName(branch, found.failed), buildLabel(found.passed));
    case 'between':
      return l10n.t('first failed between {0} (passed) and {1}', baseName(branch, found.passed), buildLabel(found.failed));
    case 'every':
      return l10n.t('failed in every build of {0} looked at ({1}, back to {2})', shownText(branch), found.builds, buildLabel(found.oldest));
    case 'since':
      return l10n.t('failing since {0} or earlier', baseName(branch, found.failed));
  }
}
