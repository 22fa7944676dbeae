import type { BuildServiceClient } from '../api';
import { orNone } from '../core/branchLoad';

// Apps carry no repository, builds do: each app's repo_url comes from its latest build (small, and says
// where the app builds from today), kept until forget(). An app without builds can still be pinned.
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
