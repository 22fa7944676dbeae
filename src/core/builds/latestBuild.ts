import { ApiError } from '../../api/errors';
import type { BuildServiceClient } from '../../api/client/client';
import type { Build } from '../../api/models';

/** A 404 means "none yet" (an app with no builds, or none of this branch), not a failure. */
export async function orNone<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'not-found') return undefined;
    throw error;
  }
}

/** The app's latest successful build (of `branch`, when one is named); undefined when it has none. */
export function latestSuccessful(
  client: Pick<BuildServiceClient, 'getLatestBuild'>,
  appId: string,
  branch: string | undefined,
): Promise<Build | undefined> {
  return orNone(client.getLatestBuild(appId, { branch, status: 'success' }));
}
