// The Current Branch view's rules, without vscode (services/currentBranch.ts subscribes and publishes), so they are
// unit-tested against the reference service.
import { ApiError } from '../api/errors';
import type { App, Build } from '../api/models';
import type { BranchBuild, BranchState, GitSnapshot } from './branchState';
import { notReady, type NotReady } from './connection';
import { matchesAcross } from './matchApps';
import { mapPooled } from './pool';
import { firstOfEachId } from './uniqueIds';

export type ConnectionState = NotReady | { kind: 'ready' };

/** What Git alone says: the state when that settles it (no Git, no repository, a detached HEAD), else the branch. */
export function gitBranch(snapshot: GitSnapshot): { settled: BranchState } | { branch: string } {
  if (snapshot.kind !== 'repository') return { settled: snapshot };
  if (snapshot.branch === undefined) return { settled: { kind: 'detached' } };
  return { branch: snapshot.branch };
}

// No address or token is the views' welcome; an invalid address is a failure, in the words every view uses.
export function branchToLoad(snapshot: GitSnapshot, connection: ConnectionState): BranchState | { kind: 'load'; branch: string } {
  const git = gitBranch(snapshot);
  if ('settled' in git) return git.settled;
  if (connection.kind === 'not-configured' || connection.kind === 'no-token') return { kind: connection.kind };
  if (connection.kind === 'invalid-setting') return { kind: 'failed', branch: git.branch, error: notReady(connection) };
  return { kind: 'load', branch: git.branch };
}

export interface BranchSources {
  /** The account's key (its normalized address). */
  account: string;
  apps(): Promise<readonly App[]>;
  /** Each app's repo_url (undefined: no builds), known or asked for; called with every app listed. */
  repoUrls(appIds: readonly string[]): Promise<(appId: string) => string | undefined>;
  getLatestBuild(appId: string, options: { branch: string }): Promise<Build>;
}

/** The latest build of `branch` for each app that builds the repository, or for the pinned app. */
export async function loadBranch(
  branch: string,
  remoteUrls: readonly string[],
  pinnedAppId: string,
  sources: BranchSources,
): Promise<BranchState> {
  // One row per app: VS Code refuses a tree with two items of one id.
  const all = firstOfEachId(await sources.apps(), (app) => app.id).items;
  let apps: App[];
  if (pinnedAppId) {
    apps = all.filter((a) => a.id === pinnedAppId || a.id.toLowerCase() === pinnedAppId);
  } else {
    const repoUrlOf = await sources.repoUrls(all.map((app) => app.id));
    apps = matchesAcross([{ account: sources.account, apps: all, repoUrlOf }], remoteUrls).map((m) => m.app);
  }
  if (apps.length === 0) return { kind: 'no-app', branch, pinnedId: pinnedAppId || undefined };
  const entries = await mapPooled(apps, async (app): Promise<BranchBuild> => ({
    app,
    build: await orNone(sources.getLatestBuild(app.id, { branch })),
  }));
  return { kind: 'builds', branch, entries, pinned: Boolean(pinnedAppId) };
}

/** A 404 means "none yet" (an app with no builds, or none of this branch), not a failure. */
export async function orNone<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'not-found') return undefined;
    throw error;
  }
}
