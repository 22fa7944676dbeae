import { repoKey } from './remoteKey';

interface AppLike {
  readonly id: string;
}

// Every remote counts: a fork's `origin` and the main repository's `upstream` are both likely built.
export function appsBuildingRepo<A extends AppLike>(
  apps: readonly A[],
  repoUrlOf: (appId: string) => string | undefined,
  remoteUrls: readonly string[],
): A[] {
  const keys = new Set(remoteUrls.map(repoKey).filter((k): k is string => k !== undefined));
  if (keys.size === 0) return [];
  return apps.filter((app) => {
    const key = repoKey(repoUrlOf(app.id));
    return key !== undefined && keys.has(key);
  });
}

/** The apps of one account (keyed by its normalized address), with what is known of their repositories. */
export interface AppSource<A extends AppLike> {
  readonly account: string;
  readonly apps: readonly A[];
  repoUrlOf(appId: string): string | undefined;
}

/** The apps building the repository, across every account asked, in the order of the sources. */
export function matchesAcross<A extends AppLike>(
  sources: readonly AppSource<A>[],
  remoteUrls: readonly string[],
): { account: string; app: A }[] {
  return sources.flatMap((source) =>
    appsBuildingRepo(source.apps, (id) => source.repoUrlOf(id), remoteUrls).map((app) => ({ account: source.account, app })),
  );
}
