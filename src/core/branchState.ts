// What the Current Branch view and the status-bar item show; one value, made by CurrentBranch.
import type { App, Build } from '../api';

export interface BranchBuild {
  readonly app: App;
  /** undefined: the app has no build of this branch yet. */
  readonly build?: Build;
}

export type BranchState =
  /** The Git extension has not said yet which repository is open. */
  | { kind: 'waiting' }
  | { kind: 'no-git' }
  | { kind: 'no-repository' }
  | { kind: 'detached' }
  /** No service address or no token: the Apps view's welcome says what to do. */
  | { kind: 'not-configured' }
  | { kind: 'no-token' }
  /** `pinnedId`: buildService.appId names an app the service does not list for this token. */
  | { kind: 'no-app'; branch: string; pinnedId?: string }
  | { kind: 'loading'; branch: string }
  | { kind: 'failed'; branch: string; error: unknown }
  | { kind: 'builds'; branch: string; entries: readonly BranchBuild[]; pinned: boolean };

/** The value of ContextKey.currentBranchState that package.json's viewsWelcome reads. */
export function contextValueOf(state: BranchState): string {
  switch (state.kind) {
    case 'no-git':
      return 'noGit';
    case 'no-repository':
      return 'noRepository';
    case 'no-app':
      return state.pinnedId ? '' : 'noApp';
    case 'not-configured':
      return 'notConfigured';
    case 'no-token':
      return 'noToken';
    default:
      return '';
  }
}
