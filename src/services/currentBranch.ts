import vscode = require('vscode');
import { ApiError, type Build, type BuildServiceClient } from '../api';
import { branchToLoad, gitBranch, loadBranch } from '../core/branchLoad';
import { branchOf, withBuild, withUpdate, type BranchState } from '../core/branchState';
import { watchedBranchOf } from '../core/branchWatch';
import { ContextKey } from '../ids';
import type { ContextKeys } from './contextKeys';
import type { GitWorkspace } from './gitWorkspace';
import type { Log } from './log';
import type { BuildPoller } from './poller';
import type { RepoMap } from './repoMap';
import type { Session } from './session';
import type { SettingsService } from './settings';

export interface CurrentBranchDeps {
  git: GitWorkspace;
  session: Session;
  settings: SettingsService;
  poller: BuildPoller;
  contextKeys: ContextKeys;
  log: Log;
  repoMap: RepoMap;
}

/**
 * The latest build of the workspace's branch for each app that builds the repository (or the pinned
 * app), as one published BranchState. The rules are core/branchLoad.ts; this class reloads when the
 * branch, the remotes, the session or the pinned app change, and takes the poller's updates and finds in.
 */
export class CurrentBranch implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<BranchState>();
  readonly onDidChange = this.changed.event;
  private current: BranchState = { kind: 'waiting' };
  private generation = 0;
  /** Aborts the load under way when a newer one starts, or the view goes. */
  private loading: AbortController | undefined;
  /** The background refresh of the app→repository map under way, aborted when the service changes. */
  private refreshing: AbortController | undefined;
  /** The app pinned when this last loaded; undefined before, when any change of settings reloads. */
  private pinnedAppId: string | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: CurrentBranchDeps) {
    this.subscriptions = [
      deps.git.onDidChange(() => void this.reload()),
      deps.session.onDidChange(() => {
        this.refreshing?.abort();
        void this.refresh();
      }),
      deps.settings.onDidChange((settings) => {
        // Only the pinned app matters here; "Don't Show Again" (notifyOnCompletion) must not reload.
        if (settings.appId === this.pinnedAppId) return;
        this.pinnedAppId = settings.appId;
        void this.reload();
      }),
      deps.poller.onDidUpdate((build) => this.replace(build)),
      deps.poller.onDidFindLatest((build) => this.found(build)),
      deps.git.onDidPush(() => deps.poller.lookSoon()),
    ];
    // Before Git's first answer the state is 'waiting', which shows nothing and asks nothing; that answer
    // reloads (above). So activation neither sets context keys nor builds a client for it.
    if (deps.git.snapshot.kind !== 'waiting') void this.reload();
  }

  get state(): BranchState {
    return this.current;
  }

  /** Forgets the apps, then loads again (the Refresh command); which repository each builds is kept. */
  refresh(): Promise<void> {
    this.deps.session.forgetApps();
    return this.reload();
  }

  /** A build that just started (Trigger Build): shown at once if it is of this branch and a shown app. */
  showBuild(build: Build): void {
    const next = withBuild(this.current, build);
    if (next !== this.current) this.publish(next);
  }

  async reload(): Promise<void> {
    const generation = ++this.generation;
    this.loading?.abort();
    this.loading = undefined;
    // Git first: without a branch there is nothing to ask, so no client is made and nothing waits
    // (activation in a folder that is no repository, for one).
    const fromGit = gitBranch(this.deps.git.snapshot);
    if ('settled' in fromGit) return this.publish(fromGit.settled);
    const controller = (this.loading = new AbortController());
    const next = await this.load(generation, controller.signal).catch((error: unknown): BranchState | undefined => {
      if (controller.signal.aborted) return undefined; // a newer load took over
      this.deps.log.warn(
        `Loading the builds of the current branch failed: ${error instanceof ApiError ? `${error.kind}: ${error.message}` : String(error)}`,
      );
      return { kind: 'failed', branch: branchOf(this.current) ?? '', error };
    });
    // After a failure, the rest of the sweep is not wanted either.
    controller.abort();
    if (generation !== this.generation || !next) return;
    if (next.kind === 'builds') for (const { build } of next.entries) if (build && !build.finished) this.deps.poller.follow(build, 'shown');
    this.publish(next);
  }

  private async load(generation: number, signal: AbortSignal): Promise<BranchState> {
    const { git, session, settings } = this.deps;
    const connection = await session.connection();
    const step = branchToLoad(git.snapshot, connection);
    if (step.kind !== 'load') return step;
    if (connection.kind !== 'ready') return { kind: 'not-configured' }; // branchToLoad said so already
    const { branch } = step;
    // Keep what is shown while the same branch reloads; another branch shows "loading" meanwhile.
    if (generation === this.generation && branchOf(this.current) !== branch) this.publish({ kind: 'loading', branch });
    const { client } = connection;
    const remoteUrls = git.snapshot.kind === 'repository' ? git.snapshot.remoteUrls : [];
    this.pinnedAppId = settings.value.appId;
    const account = settings.value.baseUrl;
    return loadBranch(branch, remoteUrls, this.pinnedAppId, {
      account,
      apps: () => session.apps(client, signal),
      repoUrls: async (appIds) => {
        const { repoUrlOf, stale } = await this.deps.repoMap.lookup(account, client, appIds, signal);
        if (stale) this.refreshMap(account, client, appIds);
        return repoUrlOf;
      },
      getLatestBuild: (appId, options) => client.getLatestBuild(appId, { ...options, signal }),
    });
  }

  /** An old map is used as it is, and asked again behind it; a change of an app's repository reloads. */
  private refreshMap(account: string, client: BuildServiceClient, appIds: readonly string[]): void {
    if (this.refreshing) return;
    const controller = (this.refreshing = new AbortController());
    this.deps.repoMap
      .refresh(account, client, appIds, controller.signal)
      .then(
        (changed) => {
          if (changed && !controller.signal.aborted) void this.reload();
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            this.deps.log.warn(`Asking the apps which repository they build: ${error instanceof ApiError ? error.kind : String(error)}`);
        },
      )
      .finally(() => {
        if (this.refreshing === controller) this.refreshing = undefined;
      });
  }

  private found(build: Build): void {
    const next = withBuild(this.current, build);
    if (next === this.current) return;
    this.publish(next);
    if (!build.finished) this.deps.poller.follow(build, 'shown');
  }

  private replace(build: Build): void {
    const next = withUpdate(this.current, build);
    if (next !== this.current) this.publish(next);
  }

  private publish(state: BranchState): void {
    const previous = this.current;
    this.current = state;
    // Builds no longer on screen need no polling on our account (a triggered one stays followed).
    const shown = new Set(state.kind === 'builds' ? state.entries.map((e) => e.build?.id) : []);
    if (previous.kind === 'builds')
      for (const { build } of previous.entries) if (build && !shown.has(build.id)) this.deps.poller.unfollow(build.id, 'shown');
    this.deps.poller.watch(watchedBranchOf(state));
    this.deps.contextKeys.set(ContextKey.branchBuildShown, state.kind === 'builds' && state.entries.some((e) => e.build));
    this.changed.fire(state);
  }

  dispose(): void {
    this.generation++;
    this.loading?.abort();
    this.refreshing?.abort();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
