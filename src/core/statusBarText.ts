// What the status-bar item says about the current branch's builds. Pure (no vscode): unit-tested.
import { buildNumber, stateIcon, statusPhrase, type BuildFacts } from './buildLook';

export interface BranchEntry {
  readonly appName: string;
  /** undefined: the app has no build of this branch yet. */
  readonly build?: Pick<BuildFacts, 'status' | 'rawStatus' | 'buildNumber'>;
}

/** More than this many builds are summed up as "+N". */
const MAX_SHOWN = 3;

export function statusBarText(branch: string, entries: readonly BranchEntry[]): { text: string; tooltip: string } {
  const built = entries.filter((e): e is Required<BranchEntry> => e.build !== undefined);
  const icons = built.slice(0, MAX_SHOWN).map((e) => `$(${stateIcon(e.build.status).id}) ${buildNumber(e.build)}`.trimEnd());
  const more = built.length > MAX_SHOWN ? ` +${built.length - MAX_SHOWN}` : '';
  const name = escapeIcons(branch);
  const text = built.length === 0 ? `$(git-branch) ${name}: no builds` : `${icons.join(' ')}${more} ${name}`;
  const lines = entries.map((e) =>
    e.build
      ? `${e.appName}: build ${buildNumber(e.build) || '(no number)'} ${statusPhrase(e.build.status, e.build.rawStatus)}`
      : `${e.appName}: no builds of this branch yet`,
  );
  const tooltip = [`Build Service — branch ${branch}`, ...lines, 'Click to show it in the Current Branch view.'].join('\n');
  return { text, tooltip };
}

/** Branch names come from Git and may hold `$(…)`, which the status bar would draw as an icon. */
export function escapeIcons(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(');
}
