import vscode = require('vscode');
import { ApiError, type Build, type BuildServiceClient } from '../api';
import { branchToLoad, gitBranch, loadBranch } from '../core/branchLoad';
import { branchOf, withBuild, withUpdate, type BranchState, type RepoSnapshot } from '../core/branchState';
import { watchedBranchOf, type WatchedBranch } from '../core/branchWatch';
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

/** One repository of the workspace and what Current Branch shows for it. */
export interface BranchSection {
  readonly root: string;
  readonly name: string;
  readonly state: BranchState;
}

const WAITING: BranchState = { kind: 'waiting' };

interface Section {
  repo: RepoSnapshot;
  state: BranchState;
  /** The repository as last loaded: a change of branch or remotes loads again. */
  loadedFor?: string;
  generation: number;
  /** Aborts the load under way when a newer one starts, or the repository or view goes. */
  loading?: AbortController;
}

/**
 * The latest build of each workspace repository's branch for each app that builds it (or the pinned
 * app), as a BranchState per repository; `state` is the one of the active editor's repository. The
 * rules are core/branchLoad.ts; this class reloads when a branch, the remotes, the session or the
 * pinned app change, and takes the poller's updates and finds in.
 */
export class CurrentBranch implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<BranchState>();
  readonly onDidChange = this.changed.event;
  /** By root, in the order of the workspace's repositories. */
  private sections = new Map<string, Section>();
  /** What Git alone says while it names no repository (waiting, no Git, none open). */
  private bare: BranchState = WAITING;
  private published: readonly BranchState[] = [];
  /** The background refresh of the app→repository map under way, aborted when the service changes. */
  private refreshing: AbortController | undefined;
  /** The app pinned when this last loaded; undefined before, when any change of settings reloads. */
  private pinnedAppId: string | undefined;
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: CurrentBranchDeps) {
    this.subscriptions = [
      deps.git.onDidChange(() => void this.sync(false)),
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
      deps.poller.onDidUpdate((build) => this.apply((state) => withUpdate(state, build))),
      deps.poller.onDidFindLatest((build) => this.found(build)),
      deps.git.onDidPush(() => deps.poller.lookSoon()),
    ];
    // Before Git's first answer the state is 'waiting', which shows nothing and asks nothing; that answer
    // reloads (above). So activation neither sets context keys nor builds a client for it.
    if (deps.git.snapshot.kind !== 'waiting') void this.reload();
  }

  /** The active editor's repository (else the first folder's). */
  get state(): BranchState {
    const active = this.deps.git.snapshot;
    if (active.kind !== 'repository') return this.bare;
    return this.sections.get(active.root)?.state ?? WAITING;
  }

  /** Every repository of the workspace; one or none looks as it always did. */
  get sectionStates(): readonly BranchSection[] {
    return [...this.sections.values()].map((s) => ({ root: s.repo.root, name: s.repo.name, state: s.state }));
  }

  /** The root of the active editor's repository, when there is one. */
  get activeRoot(): string | undefined {
    const active = this.deps.git.snapshot;
    return active.kind === 'repository' ? active.root : undefined;
  }

  /** Forgets the apps, then loads again (the Refresh command); which repository each builds is kept. */
  refresh(): Promise<void> {
    this.deps.session.forgetApps();
    return this.reload();
  }

  /** A build that just started (Trigger Build): shown at once if it is of a shown branch and app. */
  showBuild(build: Build): void {
    this.apply((state) => withBuild(state, build));
  }

  reload(): Promise<void> {
    return this.sync(true);
  }

  /** Loads the repositories that are new or changed (`all`: every one), and lets go of those gone. */
  private async sync(all: boolean): Promise<void> {
    if (this.disposed) return;
    const repos = this.deps.git.repositories;
    const next = new Map<string, Section>();
    for (const repo of repos) {
      const section = this.sections.get(repo.root) ?? { repo, state: WAITING, generation: 0 };
      section.repo = repo;
      next.set(repo.root, section);
    }
    for (const [root, gone] of this.sections) {
      if (next.has(root)) continue;
      gone.generation++;
      gone.loading?.abort();
    }
    const before = this.sections;
    this.sections = next;
    this.unfollowHidden([...before.values()].map((s) => s.state));
    if (repos.length === 0) this.bare = this.deps.git.snapshot.kind === 'repository' ? WAITING : this.deps.git.snapshot;
    const loads = [...next.values()].filter((s) => all || s.loadedFor !== JSON.stringify(s.repo)).map((s) => this.load(s));
    this.publish();
    await Promise.all(loads);
  }

  private async load(section: Section): Promise<void> {
    const generation = ++section.generation;
    section.loadedFor = JSON.stringify(section.repo);
    section.loading?.abort();
    section.loading = undefined;
    // Git first: without a branch there is nothing to ask, so no client is made and nothing waits.
    const fromGit = gitBranch(section.repo);
    if ('settled' in fromGit) return this.set(section, fromGit.settled);
    const controller = (section.loading = new AbortController());
    const next = await this.loadState(section, generation, controller.signal).catch((error: unknown): BranchState | undefined => {
      if (controller.signal.aborted) return undefined; // a newer load took over
      this.deps.log.warn(
        `Loading the builds of the current branch failed: ${error instanceof ApiError ? `${error.kind}: ${error.message}` : String(error)}`,
      );
      return { kind: 'failed', branch: branchOf(section.state) ?? '', error };
    });
    // After a failure, the rest of the sweep is not wanted either.
    controller.abort();
    if (generation !== section.generation || !next || this.sections.get(section.repo.root) !== section) return;
    if (next.kind === 'builds') for (const { build } of next.entries) if (build && !build.finished) this.deps.poller.follow(build, 'shown');
    this.set(section, next);
  }

  private async loadState(section: Section, generation: number, signal: AbortSignal): Promise<BranchState> {
    const { session, settings } = this.deps;
    const repo = section.repo;
    const connection = await session.connection();
    const step = branchToLoad(repo, connection);
    if (step.kind !== 'load') return step;
    if (connection.kind !== 'ready') return { kind: 'not-configured' }; // branchToLoad said so already
    const { branch } = step;
    // Keep what is shown while the same branch reloads; another branch shows "loading" meanwhile.
    if (generation === section.generation && branchOf(section.state) !== branch) this.set(section, { kind: 'loading', branch });
    const { client } = connection;
    this.pinnedAppId = settings.value.appId;
    // The account whose client this is: its map, not another account's.
    const account = session.accounts.ofClient(client)?.id ?? settings.value.baseUrl;
    return loadBranch(branch, repo.remoteUrls, this.pinnedAppId, {
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
    if (this.apply((state) => withBuild(state, build)) && !build.finished) this.deps.poller.follow(build, 'shown');
  }

  /** True when a repository's state changed. */
  private apply(change: (state: BranchState) => BranchState): boolean {
    let any = false;
    for (const section of this.sections.values()) {
      const next = change(section.state);
      if (next === section.state) continue;
      section.state = next;
      any = true;
    }
    if (any) this.publish();
    return any;
  }

  private set(section: Section, state: BranchState): void {
    const previous = section.state;
    section.state = state;
    this.unfollowHidden([previous]);
    this.publish();
  }

  /** Builds no longer on screen need no polling on our account (a triggered one stays followed). */
  private unfollowHidden(previous: readonly BranchState[]): void {
    const shown = new Set(this.shownBuilds().map((b) => b.id));
    for (const state of previous)
      if (state.kind === 'builds')
        for (const { build } of state.entries) if (build && !shown.has(build.id)) this.deps.poller.unfollow(build.id, 'shown');
  }

  private shownBuilds(): Build[] {
    return [...this.sections.values()].flatMap((s) =>
      s.state.kind === 'builds' ? s.state.entries.flatMap((e) => (e.build ? [e.build] : [])) : [],
    );
  }

  private publish(): void {
    const states = [this.state, ...[...this.sections.values()].map((s) => s.state)];
    if (states.length === this.published.length && states.every((s, i) => s === this.published[i])) return;
    this.published = states;
    const watched = [...this.sections.values()].map((s) => watchedBranchOf(s.state)).filter((w): w is WatchedBranch => w !== undefined);
    this.deps.poller.watch(watched);
    this.deps.contextKeys.set(ContextKey.branchBuildShown, this.shownBuilds().length > 0);
    this.changed.fire(this.state);
  }

  dispose(): void {
    this.disposed = true;
    for (const section of this.sections.values()) {
      section.generation++;
      section.loading?.abort();
    }
    this.refreshing?.abort();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
