// Which apps build the workspace's repository. Pure (no vscode) so it is unit-tested in plain Node.
import { repoKey } from './remoteKey';

interface AppLike {
  readonly id: string;
}

/**
 * The apps whose builds come from one of `remoteUrls` (every remote of the repository counts: a fork's
 * `origin` and the main repository's `upstream` are both likely to be what the service builds).
 * `repoUrlOf` gives the repo_url the app's builds carry, undefined when it has none yet.
 */
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
