import { isApiError, type App, type BuildServiceClient } from '../api';
import { mapPooled } from '../core/pool';

/**
 * The apps and the repository each one builds, learnt once and kept until forget() (a refresh, a new
 * token or another service). The App model carries no repository; builds do, so each app's repo_url
 * comes from GET /apps/:id/build/latest: one small object per app, where listing recent builds would
 * send several, and the newest build is the one that says where the app builds from today. An app
 * without builds (404) has no repository to match; it can still be pinned with buildService.appId.
 */
export class AppDirectory {
  private apps: Promise<App[]> | undefined;
  private readonly repoUrls = new Map<string, Promise<string | undefined>>();
  private readonly names = new Map<string, string>();

  list(client: BuildServiceClient): Promise<App[]> {
    if (!this.apps) {
      const apps = client.listApps().then((list) => {
        for (const app of list) this.names.set(app.id, app.name || app.id);
        return list;
      });
      // A failure is not kept: the next load asks again.
      apps.catch(() => this.apps === apps && (this.apps = undefined));
      this.apps = apps;
    }
    return this.apps;
  }

  /** The repo_url of each app's latest build, at most four requests at a time, each app asked once. */
  repoUrlsOf(client: BuildServiceClient, apps: readonly App[]): Promise<Map<string, string | undefined>> {
    return mapPooled(apps, async (app) => [app.id, await this.repoUrlOf(client, app.id)] as const).then((pairs) => new Map(pairs));
  }

  /** The app's name when the list has been loaded; its id otherwise. */
  nameOf(appId: string): string {
    return this.names.get(appId) ?? appId;
  }

  forget(): void {
    this.apps = undefined;
    this.repoUrls.clear();
  }

  private repoUrlOf(client: BuildServiceClient, appId: string): Promise<string | undefined> {
    let known = this.repoUrls.get(appId);
    if (!known) {
      const asked = client.getLatestBuild(appId).then(
        (build) => build.repoUrl,
        (error: unknown) => {
          if (isApiError(error) && error.kind === 'not-found') return undefined;
          throw error;
        },
      );
      asked.catch(() => this.repoUrls.get(appId) === asked && this.repoUrls.delete(appId));
      this.repoUrls.set(appId, asked);
      known = asked;
    }
    return known;
  }
}
