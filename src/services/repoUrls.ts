import type { BuildServiceClient } from '../api';
import { orNone } from '../core/branchLoad';

/**
 * The repository each app builds, learnt once per app and kept until forget() (a refresh, a new token
 * or another service). The App model carries no repository; builds do, so each app's repo_url comes
 * from GET /apps/:id/build/latest: one small object per app, and the newest build is the one that says
 * where the app builds from today. An app without builds (404) has no repository to match; it can
 * still be pinned with buildService.appId.
 */
export class RepoUrls {
  private readonly known = new Map<string, Promise<string | undefined>>();

  of(client: BuildServiceClient, appId: string): Promise<string | undefined> {
    let asked = this.known.get(appId);
    if (!asked) {
      const request = orNone(client.getLatestBuild(appId)).then((build) => build?.repoUrl);
      // A failure is not kept: the next load asks again.
      request.catch(() => this.known.get(appId) === request && this.known.delete(appId));
      this.known.set(appId, request);
      asked = request;
    }
    return asked;
  }

  forget(): void {
    this.known.clear();
  }
}
