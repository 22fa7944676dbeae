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
