import * as l10n from '@vscode/l10n';
import { buildNumber, stateIcon, statusPhrase, type BuildFacts } from '../builds/buildLook';
import { iconSafeText, shownText } from '../text/serviceText';

export interface BranchEntry {
  readonly appName: string;
  /** undefined: the app has no build of this branch yet. */
  readonly build?: Pick<BuildFacts, 'status' | 'rawStatus' | 'buildNumber'>;
}

const MAX_SHOWN = 3;

/** `spoken` is the item's accessible name: the states its icons draw, in words. */
export function statusBarText(branch: string, entries: readonly BranchEntry[]): { text: string; tooltip: string; spoken: string } {
  const built = entries.filter((e): e is Required<BranchEntry> => e.build !== undefined);
  const icons = built.slice(0, MAX_SHOWN).map((e) => `$(${stateIcon(e.build.status).id}) ${buildNumber(e.build)}`.trimEnd());
  const more = built.length > MAX_SHOWN ? ` +${built.length - MAX_SHOWN}` : '';
  // Branch names come from Git and the service: `$(…)` in one must not be drawn as an icon.
  const name = iconSafeText(branch);
  const text = built.length === 0 ? `$(git-branch) ${l10n.t('{0}: no builds', name)}` : `${icons.join(' ')}${more} ${name}`;
  const lines = entries.map((e) =>
    e.build
      ? l10n.t(
          '{0}: build {1} {2}',
          shownText(e.appName),
          buildNumber(e.build) || l10n.t('(no number)'),
          statusPhrase(e.build.status, e.build.rawStatus),
        )
      : l10n.t('{0}: no builds of this branch yet', shownText(e.appName)),
  );
  const tooltip = [
    l10n.t('Build Service — branch {0}', shownText(branch)),
    ...lines,
    l10n.t('Click to show it in the Current Branch view.'),
  ].join('\n');
  const spoken = [l10n.t('Build Service, branch {0}', shownText(branch)), ...lines].join(', ');
  return { text, tooltip, spoken };
}
