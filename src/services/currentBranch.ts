import * as vscode from 'vscode';
import { isApiError, type App, type Build, type BuildServiceClient } from '../api';
import type { TokenStore } from './tokenStore';
import type { BuildPoller } from './poller';
import type { ClientCache } from './clientCache';
import type { SettingsService } from './settings';
import type { GitWorkspace } from './gitWorkspace';
import type { Log } from './log';
import { mapPooled } from '../core/pool';
import type { AppDirectory } from './appDirectory';
import { ContextKey } from '../ids';
import { contextValueOf, type BranchBuild, type BranchState } from '../core/branchState';
import { appsBuildingRepo } from '../core/matchApps';

export interface CurrentBranchDeps {
  git: GitWorkspace;
  clients: ClientCache;
  tokens: TokenStore;
  settings: SettingsService;
  poller: BuildPoller;
  directory: AppDirectory;
  log: Log;
}

/**
 * The latest build of the workspace's branch for each app that builds the repository (or the pinned
 * app). Reloads when the branch, the remotes, the token or the settings change; unfinished builds
 * are followed by the poller, whose updates replace them here.
 */
export class CurrentBranch implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<BranchState>();
  readonly onDidChange = this.changed.event;
  private current: BranchState = { kind: 'waiting' };
  private generation = 0;
  private settingsKey: string;
  private contextValue: string | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: CurrentBranchDeps) {
    const keyOf = () => { const s = deps.settings.value; return `${s.baseUrl} ${s.timeoutSeconds} ${s.appId}`; };
    this.settingsKey = keyOf();
    this.subscriptions = [
      deps.git.onDidChange(() => void this.reload()),
      deps.tokens.onDidChange(() => void this.refresh()),
      deps.settings.onDidChange(() => {
        // notifyOnCompletion and the like change nothing here; "Don't Show Again" must not reload.
        if (keyOf() === this.settingsKey) return;
        this.settingsKey = keyOf();
        void this.refresh();
      }),
      deps.poller.onDidUpdate((build) => this.replace(build)),
    ];
    this.publish(this.current);
    void this.reload();
  }

  get state(): BranchState {
    return this.current;
  }

  /** Forgets the apps and their repositories, then loads again (the Refresh command). */
  refresh(): Promise<void> {
    this.deps.directory.forget();
    return this.reload();
  }

  /** A build that just started (Trigger Build): shown at once if it is of this branch and a shown app. */
  showBuild(build: Build): void {
    const state = this.current;
    if (state.kind !== 'builds' || build.commit.branch !== state.branch) return;
    if (!state.entries.some((e) => e.app.id === build.appId)) return;
    this.publish({ ...state, entries: state.entries.map((e) => (e.app.id === build.appId ? { app: e.app, build } : e)) });
  }

  async reload(): Promise<void> {
    const generation = ++this.generation;
    const next = await this.load(generation).catch((error: unknown): BranchState => {
      const branch = 'branch' in this.current ? this.current.branch : '';
      this.deps.log.warn(`Loading the builds of the current branch failed: ${isApiError(error) ? `${error.kind}: ${error.message}` : String(error)}`);
      return { kind: 'failed', branch, error };
    });
    if (generation === this.generation) this.publish(next);
  }

  private async load(generation: number): Promise<BranchState> {
    const snapshot = this.deps.git.snapshot;
    if (snapshot.kind !== 'repository') return snapshot;
    const { branch } = snapshot;
    if (branch === undefined) return { kind: 'detached' };
    if (!this.deps.settings.value.baseUrlSet) return { kind: 'not-configured' };
    const client = this.deps.clients.get();
    if (!client) return { kind: 'not-configured' };
    if ((await this.deps.tokens.get()) === undefined) return { kind: 'no-token' };
    // Keep what is shown while the new branch loads, unless it belongs to another branch.
    if (generation === this.generation && !('branch' in this.current && this.current.branch === branch)) this.publish({ kind: 'loading', branch });
    const { apps, pinned } = await this.appsFor(client, snapshot.remoteUrls);
    if (apps.length === 0) return { kind: 'no-app', branch, pinnedId: pinned ? this.deps.settings.value.appId : undefined };
    const entries = await mapPooled(apps, async (app): Promise<BranchBuild> => ({ app, build: await latestOf(client, app, branch) }));
    if (generation === this.generation) for (const { build } of entries) if (build && !build.finished) this.deps.poller.follow(build, 'shown');
    return { kind: 'builds', branch, entries, pinned };
  }

  private async appsFor(client: BuildServiceClient, remoteUrls: string[]): Promise<{ apps: App[]; pinned: boolean }> {
    const all = await this.deps.directory.list(client);
    const pinnedId = this.deps.settings.value.appId;
    if (pinnedId) return { apps: all.filter((a) => a.id.toLowerCase() === pinnedId), pinned: true };
    const repoUrls = await this.deps.directory.repoUrlsOf(client, all);
    return { apps: appsBuildingRepo(all, (id) => repoUrls.get(id), remoteUrls), pinned: false };
  }

  private replace(build: Build): void {
    const state = this.current;
    if (state.kind !== 'builds' || !state.entries.some((e) => e.build?.id === build.id)) return;
    this.publish({ ...state, entries: state.entries.map((e) => (e.build?.id === build.id ? { app: e.app, build } : e)) });
  }

  private publish(state: BranchState): void {
    const previous = this.current;
    this.current = state;
    // Builds no longer on screen need no polling on our account (a triggered one stays followed).
    const shown = new Set(state.kind === 'builds' ? state.entries.map((e) => e.build?.id) : []);
    if (previous.kind === 'builds') for (const { build } of previous.entries) if (build && !shown.has(build.id)) this.deps.poller.unfollow(build.id, 'shown');
    const contextValue = contextValueOf(state);
    if (contextValue !== this.contextValue) {
      this.contextValue = contextValue;
      void vscode.commands.executeCommand('setContext', ContextKey.currentBranchState, contextValue);
    }
    this.changed.fire(state);
  }

  dispose(): void {
    this.generation++;
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** The branch's latest build; undefined when the app has none of it (404). */
async function latestOf(client: BuildServiceClient, app: App, branch: string): Promise<Build | undefined> {
  try {
    return await client.getLatestBuild(app.id, { branch });
  } catch (error) {
    if (isApiError(error) && error.kind === 'not-found') return undefined;
    throw error;
  }
}
