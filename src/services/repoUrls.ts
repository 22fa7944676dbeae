import type { BuildServiceClient } from '../api';
import { orNone } from '../core/branchLoad';

// Apps carry no repository, builds do: each app's repo_url comes from its latest build (small, and says
// where the app builds from today), kept until forget(). An app without builds can still be pinned.
export class RepoUrls {
  private readonly known = new Map<string, string | undefined>();
  private generation = 0;

  /** Callers asking at once share one request through the client's gate, each with its own `signal`. */
  async of(client: BuildServiceClient, appId: string, signal?: AbortSignal): Promise<string | undefined> {
    if (this.known.has(appId)) return this.known.get(appId);
    const generation = this.generation;
    const repoUrl = (await orNone(client.getLatestBuild(appId, { signal })))?.repoUrl;
    // Only answers are kept, and none that a forget() overtook.
    if (generation === this.generation) this.known.set(appId, repoUrl);
    return repoUrl;
  }

  forget(): void {
    this.known.clear();
    this.generation++;
  }
}
