// What the status bar and the completion notification say about a build. Pure (no vscode) so the
// texts are unit-tested in plain Node.
import type { BuildStatus } from '../api/models';

/** Codicons for the status bar (`$(name)` syntax); the tree uses the same names as ThemeIcons. */
export const STATUS_CODICON: Record<BuildStatus, string> = {
  queued: 'clock',
  running: 'sync~spin',
  success: 'check',
  failed: 'error',
  cancelled: 'circle-slash',
  unknown: 'question',
};

/** Completes "Build #12 of 2048 iOS App on main …". */
export function statusPhrase(status: BuildStatus, rawStatus = ''): string {
  switch (status) {
    case 'success':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'was cancelled';
    case 'running':
      return 'is running';
    case 'queued':
      return 'is queued';
    case 'unknown':
      return rawStatus ? `has status "${rawStatus}"` : 'has an unknown status';
  }
}

export interface BuildRef {
  readonly status: BuildStatus;
  readonly rawStatus?: string;
  readonly buildNumber?: number;
}

export interface BranchEntry {
  readonly appName: string;
  /** undefined: the app has no build of this branch yet. */
  readonly build?: BuildRef;
}

/** The status-bar item's text and plain-text tooltip. More than this many builds are summed up. */
const MAX_SHOWN = 3;

export function statusBarText(branch: string, entries: readonly BranchEntry[]): { text: string; tooltip: string } {
  const built = entries.filter((e) => e.build !== undefined);
  const icons = built.slice(0, MAX_SHOWN).map((e) => `$(${STATUS_CODICON[e.build!.status]}) ${numberOf(e.build!)}`.trimEnd());
  const more = built.length > MAX_SHOWN ? ` +${built.length - MAX_SHOWN}` : '';
  const name = escapeIcons(branch);
  const text = built.length === 0 ? `$(git-branch) ${name}: no builds` : `${icons.join(' ')}${more} ${name}`;
  const lines = entries.map((e) => (e.build ? `${e.appName}: build ${numberOf(e.build) || '(no number)'} ${statusPhrase(e.build.status, e.build.rawStatus)}` : `${e.appName}: no builds of this branch yet`));
  const tooltip = [`Build Service — branch ${branch}`, ...lines, 'Click to show it in the Current Branch view.'].join('\n');
  return { text, tooltip };
}

function numberOf(build: BuildRef): string {
  return build.buildNumber === undefined ? '' : `#${build.buildNumber}`;
}

/** Branch names come from Git and may hold `$(…)`, which the status bar would draw as an icon. */
export function escapeIcons(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(');
}

/** The completion notification: "Build #12 of 2048 iOS App on main succeeded". */
export function completionMessage(build: BuildRef & { readonly commit: { readonly branch?: string } }, appName: string): string {
  const number = build.buildNumber === undefined ? '' : ` #${build.buildNumber}`;
  const branch = build.commit.branch ? ` on ${build.commit.branch}` : '';
  return `Build${number} of ${appName}${branch} ${statusPhrase(build.status, build.rawStatus)}`;
}
