import vscode = require('vscode');
import { ApiError, type BuildServiceClient } from '../../api';
import type { App } from '../../api/models';
import { isStale, readStored, sweep, sweepUntilFound, unknownApps, withAnswers, type StoredRepos } from '../../core/apps/appRepos';
import { orNone } from '../../core/builds/latestBuild';
import { askingOrder } from '../../core/branch/likelyApps';
import { appsBuildingRepo } from '../../core/branch/matchApps';
import { ViewId } from '../../ids';
import type { Log } from '../log';
import type { PersistentState } from '../persistentState';

function buildsRepo(repoUrl: string, remoteUrls: readonly string[]): boolean {
  return appsBuildingRepo([{ id: '' }], () => repoUrl, remoteUrls).length > 0;
}

/** The rest of an account's first sweep, asked in the background. */
interface Background {
  /** Each answer of the rest, once all are in (undefined: it failed or was stopped). */
  readonly answers: Promise<ReadonlyMap<string, string | null> | undefined>;
  readonly controller: AbortController;
}

// Apps carry no repository, builds do: each app's repo_url comes from its latest build (small, and says
// where the app builds from today). Kept per account across windows; see core/apps/appRepos.ts.
export class RepoMap {
  /** The sweep of apps not known yet, per account: another repository's load waits for it rather than asking again. */
  private readonly sweeps = new Map<string, Promise<unknown>>();
  /** How often each account's map was forgotten: a sweep that ran meanwhile does not write it back. */
  private readonly forgotten = new Map<string, number>();
  /** The rest of each account's first sweep under way. */
  private readonly background = new Map<string, Background>();

  constructor(
    /** One entry per account, so that windows of other accounts never rewrite it. */
    private readonly state: PersistentState,
    private readonly log: Log,
  ) {}

  /**
   * Each app's repository: known ones at once; with some unknown, the apps named like the repository
   * first, until one that builds it has answered (the view's progress bar), the rest in the background.
   * `more`: resolves true when the background found another app building one of `remoteUrls`.
   */
  async lookup(
    account: string,
    client: BuildServiceClient,
    apps: readonly App[],
    remoteUrls: readonly string[],
    signal: AbortSignal,
  ): Promise<{
    repoUrlOf: (appId: string) => string | undefined;
    stale: boolean;
    more?: Promise<boolean>;
  }> {
    await this.sweeps.get(account)?.catch(() => undefined);
    const appIds = apps.map((app) => app.id);
    let stored = this.read(account);
    const unknown = unknownApps(stored, appIds).length;
    let background = this.background.get(account);
    if (unknown > 0 && !background) {
      this.log.info(`Asking ${unknown} of ${appIds.length} apps which repository they build.`);
      ({ stored, background } = await this.sweepFirst(account, client, apps, remoteUrls, stored, signal));
    }
    const known = stored;
    const more = background?.answers.then(
      (answers) => [...(answers ?? [])].some(([, url]) => url !== null && buildsRepo(url, remoteUrls)),
      () => false,
    );
    return {
      repoUrlOf: (id) => known.repos[id] ?? undefined,
      stale: isStale(known, Date.now()),
      more,
    };
  }

  /** Asks every app again (the map is old); true when an app's repository changed. */
  async refresh(account: string, client: BuildServiceClient, appIds: readonly string[], signal: AbortSignal): Promise<boolean> {
    const before = this.read(account);
    this.log.info(`Asking all ${appIds.length} apps again which repository they build.`);
    const after = await this.sweep(account, client, appIds, before, {
      everything: true,
      signal,
    });
    return appIds.some((id) => (before.repos[id] ?? null) !== (after.repos[id] ?? null));
  }

  /** Signed out: the account's map goes, as it holds what the service said (repository addresses). */
  async forget(account: string): Promise<void> {
    this.background.get(account)?.controller.abort();
    this.forgotten.set(account, (this.forgotten.get(account) ?? 0) + 1);
    await this.state.write('buildService.appRepositories', undefined, account);
  }

  /**
   * The part of the first sweep a load waits for, with the view's progress bar; written as far as it
   * went, and the rest started behind it before another load waiting on it goes on (else that load
   * would find apps unknown and no rest under way, and ask them all a second time).
   */
  private async sweepFirst(
    account: string,
    client: BuildServiceClient,
    apps: readonly App[],
    remoteUrls: readonly string[],
    stored: StoredRepos,
    signal: AbortSignal,
  ): Promise<{ stored: StoredRepos; background: Background | undefined }> {
    const appIds = apps.map((app) => app.id);
    const { order, likely } = askingOrder(apps, remoteUrls);
    const builds = (url: string) => buildsRepo(url, remoteUrls);
    const ask = async (appId: string) => (await orNone(client.getLatestBuild(appId, { signal })))?.repoUrl;
    const epoch = this.forgotten.get(account);
    const whole = (async () => {
      const first = await vscode.window.withProgress({ location: { viewId: ViewId.currentBranch } }, () =>
        sweepUntilFound(stored, appIds, ask, { order, likely, builds, now: Date.now }),
      );
      // Signed out meanwhile: nothing written, and nothing more asked.
      if (this.forgotten.get(account) !== epoch) return { stored: first.stored, background: undefined };
      // Read back from here at once (PersistentState); the branch's builds do not wait for VS Code to
      // take it (a round trip to the busy workbench: 25–290 ms in the first window).
      this.state
        .write('buildService.appRepositories', first.stored, account)
        .catch((error: unknown) => this.log.warn(`Keeping which repository each app builds: ${String(error)}`));
      const background = first.rest.length > 0 ? this.sweepRest(account, client, appIds, first.rest) : undefined;
      return { stored: first.stored, background };
    })();
    this.sweeps.set(account, whole);
    try {
      return await whole;
    } finally {
      if (this.sweeps.get(account) === whole) this.sweeps.delete(account);
    }
  }

  /**
   * The rest of the first sweep, one app at a time behind the window (on VS Code 1.100 – 1.104 each
   * request costs a new connection and about 75 ms of the extension host's thread: docs/NETWORK.md;
   * one at a time, those stalls never pile up); the map is written once all have answered.
   */
  private sweepRest(account: string, client: BuildServiceClient, appIds: readonly string[], rest: readonly string[]): Background {
    const controller = new AbortController();
    const { signal } = controller;
    const epoch = this.forgotten.get(account);
    const ask = async (appId: string) => (await orNone(client.getLatestBuild(appId, { signal })))?.repoUrl;
    this.log.info(`Asking ${rest.length} more apps in the background.`);
    const answers = (async () => {
      // The load waiting on the first part asks for its branch's builds first, on the warm connection.
      await new Promise((resolve) => setImmediate(resolve));
      const after = await sweep(this.read(account), appIds, ask, {
        only: rest,
        limit: 1,
        now: Date.now,
      });
      if (this.forgotten.get(account) !== epoch || signal.aborted) return undefined;
      const found = new Map(rest.map((id) => [id, after.repos[id] ?? null] as const));
      // Added to what is stored now (another window may have written meanwhile); every app known: swept now.
      const current = this.read(account);
      const next = withAnswers(current, appIds, new Map(rest.map((id) => [id, after.repos[id] ?? undefined])), current.sweptAt);
      const complete = unknownApps(next, appIds).length === 0 && current.sweptAt === 0;
      await this.state.write('buildService.appRepositories', complete ? { ...next, sweptAt: Date.now() } : next, account);
      return found;
    })().catch((error: unknown) => {
      if (!signal.aborted) this.log.warn(`Asking more apps: ${error instanceof ApiError ? error.kind : String(error)}`);
      return undefined;
    });
    const background = { answers, controller };
    this.background.set(account, background);
    void answers.finally(() => {
      if (this.background.get(account) === background) this.background.delete(account);
    });
    return background;
  }

  /** The window closes: the first sweeps' background rests stop (what they found is not written). */
  stopBackground(): void {
    for (const background of this.background.values()) background.controller.abort();
    this.background.clear();
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
