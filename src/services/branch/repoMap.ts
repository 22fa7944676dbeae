import vscode = require('vscode');
import type { BuildServiceClient } from '../../api';
import { isStale, readStored, sweep, unknownApps, type StoredRepos } from '../../core/apps/appRepos';
import { orNone } from '../../core/builds/latestBuild';
import { ViewId } from '../../ids';
import type { Log } from '../log';
import type { PersistentState } from '../persistentState';

/** One globalState entry per account, so that windows of other accounts never rewrite it. */

// Apps carry no repository, builds do: each app's repo_url comes from its latest build (small, and says
// where the app builds from today). Kept per account across windows; see core/apps/appRepos.ts.
export class RepoMap {
  /** The sweep of apps not known yet, per account: another repository's load waits for it rather than asking again. */
  private readonly sweeps = new Map<string, Promise<unknown>>();
  /** How often each account's map was forgotten: a sweep that ran meanwhile does not write it back. */
  private readonly forgotten = new Map<string, number>();

  constructor(
    private readonly state: PersistentState,
    private readonly log: Log,
  ) {}

  /** Each app's repository: known ones at once, the others asked for now, with the view's progress bar. */
  async lookup(
    account: string,
    client: BuildServiceClient,
    appIds: readonly string[],
    signal: AbortSignal,
  ): Promise<{ repoUrlOf: (appId: string) => string | undefined; stale: boolean }> {
    await this.sweeps.get(account)?.catch(() => undefined);
    let stored = this.read(account);
    const unknown = unknownApps(stored, appIds).length;
    if (unknown > 0) {
      this.log.info(`Asking ${unknown} of ${appIds.length} apps which repository they build.`);
      stored = await this.sweep(account, client, appIds, stored, { everything: false, signal });
    }
    const known = stored;
    return { repoUrlOf: (id) => known.repos[id] ?? undefined, stale: isStale(known, Date.now()) };
  }

  /** Asks every app again (the map is old); true when an app's repository changed. */
  async refresh(account: string, client: BuildServiceClient, appIds: readonly string[], signal: AbortSignal): Promise<boolean> {
    const before = this.read(account);
    this.log.info(`Asking all ${appIds.length} apps again which repository they build.`);
    const after = await this.sweep(account, client, appIds, before, { everything: true, signal });
    return appIds.some((id) => (before.repos[id] ?? null) !== (after.repos[id] ?? null));
  }

  /** Signed out: the account's map goes, as it holds what the service said (repository addresses). */
  async forget(account: string): Promise<void> {
    this.forgotten.set(account, (this.forgotten.get(account) ?? 0) + 1);
    await this.state.write('buildService.appRepositories', undefined, account);
  }

  private async sweep(
    account: string,
    client: BuildServiceClient,
    appIds: readonly string[],
    stored: StoredRepos,
    { everything, signal }: { everything: boolean; signal: AbortSignal },
  ): Promise<StoredRepos> {
    const ask = async (appId: string) => (await orNone(client.getLatestBuild(appId, { signal })))?.repoUrl;
    const swept = Promise.resolve(
      vscode.window.withProgress({ location: { viewId: ViewId.currentBranch } }, () =>
        sweep(stored, appIds, ask, { everything, now: Date.now }),
      ),
    );
    // Only the sweep a view waits for: the background one must not hold a load up.
    if (!everything) this.sweeps.set(account, swept);
    const epoch = this.forgotten.get(account);
    try {
      const next = await swept;
      if (this.forgotten.get(account) === epoch) await this.state.write('buildService.appRepositories', next, account);
      return next;
    } finally {
      if (this.sweeps.get(account) === swept) this.sweeps.delete(account);
    }
  }

  private read(account: string): StoredRepos {
    return readStored(this.state.read('buildService.appRepositories', account));
  }
}
