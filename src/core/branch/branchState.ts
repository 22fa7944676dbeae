import type { App, Build } from '../../api/models';

export type GitSnapshot =
  | { kind: 'waiting' }
  | { kind: 'no-git' }
  | { kind: 'no-repository' }
  /** `branch` is undefined on a detached HEAD. */
  | { kind: 'repository'; root: string; branch?: string; remoteUrls: string[] };

/** One repository of a (multi-root) workspace; `name` is what its section in Current Branch is called. */
export type RepoSnapshot = Extract<GitSnapshot, { kind: 'repository' }> & { name: string };

/**
 * Where a row reads its build, at each use. In Current Branch's state it is a hold on the tracker's
 * copy (services/builds/buildTracker.ts `HeldBuild`), so a row copied or spread still reads the latest.
 */
export interface BuildHold {
  readonly build: Build;
}

export interface BranchBuild {
  readonly app: App;
  /** undefined: the app has no build of this branch yet. */
  readonly held?: BuildHold;
}

/** A row's build as it is now: read it where it is used, never keep it. */
export function rowBuild(entry: BranchBuild | undefined): Build | undefined {
  return entry?.held?.build;
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
  /** Apps of several accounts build the repository and the user has not said which account it uses. */
  | { kind: 'choose-account'; branch: string; accounts: readonly string[] }
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

/** `build`, the newest of its app and branch, takes its app's row. */
export function withBuild(state: BranchState, build: Build): BranchState {
  if (state.kind !== 'builds' || build.commit.branch !== state.branch) return state;
  if (!state.entries.some((e) => e.app.id === build.appId)) return state;
  return { ...state, entries: state.entries.map((e) => (e.app.id === build.appId ? { app: e.app, held: { build } } : e)) };
}

export function branchOf(state: BranchState): string | undefined {
  return 'branch' in state ? state.branch : undefined;
}
