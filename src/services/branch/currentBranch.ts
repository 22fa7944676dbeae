import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { ApiError, type Build, type BuildServiceClient } from '../../api';
import { branchToLoad, gitBranch, loadBranchAcross, type AccountBranchSources, type AcrossResult } from '../../core/branch/branchLoad';
import { branchOf, withBuild, withUpdate, type BranchState, type RepoSnapshot } from '../../core/branch/branchState';
import { watchedBranchOf, type WatchedBranch } from '../../core/branch/branchWatch';
import { buildKey } from '../../core/builds/followedBuilds';
import { noticeText } from '../../core/text/serviceText';
import { ContextKey, Setting } from '../../ids';
import type { Account } from '../accounts/accounts';
import type { ContextKeys } from '../contextKeys';
import type { GitWorkspace } from './gitWorkspace';
import type { Log } from '../log';
import type { BuildPoller } from '../builds/poller';
import type { RepoAccounts } from './repoAccounts';
import type { RepoMap } from './repoMap';
import { promptForSetting } from '../settingPrompt';
import type { Session } from '../accounts/session';
import type { SettingsService } from '../settings';

export interface CurrentBranchDeps {
  git: GitWorkspace;
  session: Session;
  settings: SettingsService;
  poller: BuildPoller;
  contextKeys: ContextKeys;
  log: Log;
  repoMap: RepoMap;
  choices: RepoAccounts;
}

/** One repository of the workspace and what Current Branch shows for it. */
export interface BranchSection {
  readonly root: string;
  readonly name: string;
  readonly state: BranchState;
  readonly account: Account | undefined;
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
  /** The id of the account its builds are of, and of those whose apps build it. */
  account?: string;
  candidates?: readonly string[];
}

/** The latest build of each repository's branch per app; rules in core/branchLoad.ts, reloads and poller updates here. */
export class CurrentBranch implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<BranchState>();
  readonly onDidChange = this.changed.event;
  /** By root, in the order of the workspace's repositories. */
  private sections = new Map<string, Section>();
  /** What Git alone says while it names no repository (waiting, no Git, none open). */
  private bare: BranchState = WAITING;
  private published: readonly BranchState[] = [];
  /** The background refreshes of the app→repository maps under way, per account, aborted when the service changes. */
  private readonly refreshing = new Map<string, AbortController>();
  /** buildService.appId problems named already (said once). */
  private readonly pinProblems = new Set<string>();
  /** The app pinned when this last loaded; undefined before, when any change of settings reloads. */
  private pinnedAppId: string | undefined;
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: CurrentBranchDeps) {
    this.subscriptions = [
      deps.git.onDidChange(() => void this.sync(false)),
      deps.session.onDidChange(() => {
        this.abortRefreshes();
        void this.refresh();
      }),
      // Another account signed in or out, or a token changed: the repositories may use other accounts now.
      deps.session.accounts.onDidChange(() => void this.reload()),
      deps.session.accounts.onDidChangeToken(() => void this.reload()),
      deps.settings.onDidChange((settings) => {
        // Only the pinned app matters here; "Don't Show Again" (notifyOnCompletion) must not reload.
        if (settings.appId === this.pinnedAppId) return;
        this.pinnedAppId = settings.appId;
        void this.reload();
      }),
      deps.poller.onDidUpdate(({ account, build }) => this.apply(account, (state) => withUpdate(state, build))),
      deps.poller.onDidFindLatest(({ account, build }) => this.found(account, build)),
      deps.git.onDidPush(() => deps.poller.lookSoon()),
    ];
    // Until Git's first answer (which reloads, above) activation sets no context keys and makes no client.
    if (deps.git.snapshot.kind !== 'waiting') void this.reload();
  }

  /** The active editor's repository (else the first folder's). */
  get state(): BranchState {
    const active = this.deps.git.snapshot;
    if (active.kind !== 'repository') return this.bare;
    return this.sections.get(active.root)?.state ?? WAITING;
  }

  get sectionStates(): readonly BranchSection[] {
    return [...this.sections.values()].map((s) => ({
      root: s.repo.root,
      name: s.repo.name,
      state: s.state,
      account: this.accountOfSection(s),
    }));
  }

  get activeRoot(): string | undefined {
    const active = this.deps.git.snapshot;
    return active.kind === 'repository' ? active.root : undefined;
  }

  /** The account whose builds the active editor's repository shows (else the window's). */
  get activeAccount(): Account | undefined {
    const root = this.activeRoot;
    return (root === undefined ? undefined : this.accountOf(root)) ?? this.deps.session.account();
  }

  /** The label of the active repository's account, when there are several accounts to tell apart. */
  get activeAccountLabel(): string | undefined {
    return this.deps.session.accounts.all().length > 1 ? this.activeAccount?.label : undefined;
  }

  /** The account a repository's section uses, once loaded. */
  accountOf(root: string): Account | undefined {
    const id = this.sections.get(root)?.account;
    return id === undefined ? undefined : this.deps.session.accounts.byId(id);
  }

  /** Choose Account for Repository…: only the accounts whose apps build it; nothing when fewer than two do. */
  async chooseAccount(root = this.activeRoot ?? [...this.sections.keys()][0]): Promise<{ name: string; only?: string } | undefined> {
    const section = root === undefined ? undefined : this.sections.get(root);
    if (!section) return undefined;
    const candidates = section.candidates ?? [];
    if (candidates.length < 2) {
      const only = candidates[0] === undefined ? undefined : this.deps.session.accounts.byId(candidates[0])?.label;
      return { name: section.repo.name, only: only ?? '' };
    }
    const picked = await this.deps.choices.pick(section.repo.root, section.repo.name, candidates);
    if (picked !== undefined) await this.load(section);
    return { name: section.repo.name };
  }

  /** Forgets the apps, then loads again (the Refresh command); which repository each builds is kept. */
  refresh(): Promise<void> {
    this.deps.session.forgetApps();
    return this.reload();
  }

  /** A build of `account`'s that just started (Trigger Build): shown at once if it is of a shown branch and app. */
  showBuild(account: Account, build: Build): void {
    this.apply(account, (state) => withBuild(state, build));
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
    this.unfollowHidden([...before.values()]);
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
    const next = await this.loadState(section, generation, controller.signal).catch((error: unknown): AcrossResult | undefined => {
      if (controller.signal.aborted) return undefined; // a newer load took over
      this.deps.log.warn(
        `Loading the builds of the current branch failed: ${error instanceof ApiError ? `${error.kind}: ${error.message}` : String(error)}`,
      );
      return { state: { kind: 'failed', branch: branchOf(section.state) ?? '', error } };
    });
    // After a failure, the rest of the sweep is not wanted either.
    controller.abort();
    if (generation !== section.generation || !next || this.sections.get(section.repo.root) !== section) return;
    const previous = { ...section }; // its builds are unfollowed as the account they were followed for
    section.account = next.account;
    section.candidates = next.candidates;
    const account = this.accountOfSection(section);
    if (next.state.kind === 'builds')
      for (const { build } of next.state.entries) if (build && !build.finished) this.deps.poller.follow(build, 'shown', account);
    this.set(section, next.state, previous);
  }

  private async loadState(section: Section, generation: number, signal: AbortSignal): Promise<AcrossResult> {
    const { session, settings } = this.deps;
    const repo = section.repo;
    // Every account that can be asked; with none, the window's account says why (the views' welcome).
    const ready = (
      await Promise.all(session.accounts.all().map(async (account) => ({ account, connection: await account.connection() })))
    ).flatMap(({ account, connection }) => (connection.kind === 'ready' ? [{ account, client: connection.client }] : []));
    const step = branchToLoad(repo, ready.length > 0 ? { kind: 'ready' } : await session.connection());
    if (step.kind !== 'load') return { state: step };
    const { branch } = step;
    // Keep what is shown while the same branch reloads; another branch shows "loading" meanwhile.
    if (generation === section.generation && branchOf(section.state) !== branch) this.set(section, { kind: 'loading', branch });
    this.pinnedAppId = settings.value.appId;
    const sources = ready.map(({ account, client }): AccountBranchSources => ({
      account: account.id,
      label: account.label,
      apps: () => account.apps(client, signal),
      repoUrls: async (appIds) => {
        const { repoUrlOf, stale } = await this.deps.repoMap.lookup(account.id, client, appIds, signal);
        if (stale) this.refreshMap(account.id, client, appIds);
        return repoUrlOf;
      },
      getLatestBuild: (appId, options) => client.getLatestBuild(appId, { ...options, signal }),
    }));
    const result = await loadBranchAcross(branch, repo.remoteUrls, this.pinnedAppId, sources, {
      remembered: this.deps.choices.remembered(repo.root),
      choose: (accounts) => this.deps.choices.askOnce(repo.root, repo.name, accounts),
      skipped: (account, error) =>
        this.deps.log.warn(`Current branch without ${account}: ${error instanceof ApiError ? error.kind : String(error)}`),
    });
    if (result.pin) this.reportPin(this.pinnedAppId, result.pin);
    return result;
  }

  /** An ambiguous or unknown buildService.appId is a setting problem, named once. */
  private reportPin(pin: string, problem: NonNullable<AcrossResult['pin']>): void {
    const key = `${problem.kind}|${pin}`;
    if (this.pinProblems.has(key)) return;
    this.pinProblems.add(key);
    const message =
      problem.kind === 'ambiguous'
        ? noticeText(
            l10n.t('{0} names {1}, an app ID of several accounts ({2}); put the account label first, e.g. {3}.'),
            Setting.appId,
            pin,
            problem.labels.join(', '),
            `${problem.labels[0] ?? ''}/${pin}`,
          )
        : noticeText(l10n.t('{0} names {1}, which none of your accounts lists.'), Setting.appId, pin);
    this.deps.log.warn(message);
    promptForSetting(Setting.appId, message, 'warning');
  }

  /** An old map is used as it is, and asked again behind it; a change of an app's repository reloads. */
  private refreshMap(account: string, client: BuildServiceClient, appIds: readonly string[]): void {
    if (this.refreshing.has(account)) return;
    const controller = new AbortController();
    this.refreshing.set(account, controller);
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
        if (this.refreshing.get(account) === controller) this.refreshing.delete(account);
      });
  }

  private found(account: Account, build: Build): void {
    if (this.apply(account, (state) => withBuild(state, build)) && !build.finished) this.deps.poller.follow(build, 'shown', account);
  }

  /** Changes the sections of `account`'s builds: another account may use the same ids. */
  private apply(account: Account, change: (state: BranchState) => BranchState): boolean {
    let any = false;
    for (const section of this.sections.values()) {
      if (this.accountOfSection(section) !== account) continue;
      const next = change(section.state);
      if (next === section.state) continue;
      section.state = next;
      any = true;
    }
    if (any) this.publish();
    return any;
  }

  private set(section: Section, state: BranchState, previous: Section = { ...section }): void {
    section.state = state;
    this.unfollowHidden([previous]);
    this.publish();
  }

  /** Builds no longer on screen need no polling on our account (a triggered one stays followed). */
  private unfollowHidden(previous: readonly Section[]): void {
    const shown = new Set(this.shownBuilds().map(({ account, build }) => account && buildKey(account.id, build.id)));
    for (const section of previous) {
      const account = this.accountOfSection(section);
      if (account && section.state.kind === 'builds')
        for (const { build } of section.state.entries)
          if (build && !shown.has(buildKey(account.id, build.id))) this.deps.poller.unfollow(account, build.id, 'shown');
    }
  }

  private shownBuilds(): { account: Account | undefined; build: Build }[] {
    return [...this.sections.values()].flatMap((s) => {
      const account = this.accountOfSection(s);
      return s.state.kind === 'builds' ? s.state.entries.flatMap((e) => (e.build ? [{ account, build: e.build }] : [])) : [];
    });
  }

  /** Whose builds a section shows: its account, else the window's (as the poller takes it). */
  private accountOfSection(section: Section): Account | undefined {
    return (section.account === undefined ? undefined : this.deps.session.accounts.byId(section.account)) ?? this.deps.session.account();
  }

  private publish(): void {
    const states = [this.state, ...[...this.sections.values()].map((s) => s.state)];
    if (states.length === this.published.length && states.every((s, i) => s === this.published[i])) return;
    this.published = states;
    const watched = [...this.sections.values()]
      .map((s) => watchedBranchOf(s.state, s.account))
      .filter((w): w is WatchedBranch => w !== undefined);
    this.deps.poller.watch(watched);
    this.deps.contextKeys.set(ContextKey.branchBuildShown, this.shownBuilds().length > 0);
    this.changed.fire(this.state);
  }

  private abortRefreshes(): void {
    for (const controller of this.refreshing.values()) controller.abort();
    this.refreshing.clear();
  }

  dispose(): void {
    this.disposed = true;
    for (const section of this.sections.values()) {
      section.generation++;
      section.loading?.abort();
    }
    this.abortRefreshes();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
