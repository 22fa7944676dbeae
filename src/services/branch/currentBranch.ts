import vscode = require('vscode');
import { rowBuild, withBuild, type BranchState } from '../../core/branch/branchState';
import { watchedBranchOf, type WatchedBranch } from '../../core/branch/branchWatch';
import { ContextKey } from '../../ids';
import type { Account } from '../accounts/accounts';
import type { Session } from '../accounts/session';
import type { BuildChange, BuildTracker } from '../builds/buildTracker';
import type { ContextKeys } from '../contextKeys';
import type { FirstLook } from '../firstLook';
import type { Log } from '../log';
import type { SettingsService } from '../settings';
import { BranchHolds } from './currentBranchHolds';
import { BranchLoader } from './currentBranchLoad';
import { BranchSections, WAITING, type Section } from './currentBranchSections';
import type { GitWorkspace } from './gitWorkspace';
import type { RepoAccounts } from './repoAccounts';
import type { RepoMap } from './repoMap';
import { Disposable } from '../../core/disposable';

export interface CurrentBranchDeps {
  git: GitWorkspace;
  session: Session;
  settings: SettingsService;
  tracker: BuildTracker;
  contextKeys: ContextKeys;
  log: Log;
  repoMap: RepoMap;
  choices: RepoAccounts;
  firstLook: FirstLook;
}

/** One repository of the workspace and what Current Branch shows for it. */
export interface BranchSection {
  readonly root: string;
  readonly name: string;
  readonly state: BranchState;
  readonly account: Account | undefined;
}

/** The latest build of each repository's branch per app: sections, reloads and the tracker's changes here; loading in currentBranchLoad.ts. */
export class CurrentBranch extends Disposable {
  private readonly changed = new vscode.EventEmitter<BranchState>();
  readonly onDidChange = this.changed.event;
  private readonly sections: BranchSections;
  private published: readonly BranchState[] = [];
  private readonly loader: BranchLoader;
  private disposed = false;

  constructor(private readonly deps: CurrentBranchDeps) {
    super();
    this.loader = new BranchLoader(deps, () => void this.reload());
    this.sections = new BranchSections(
      deps,
      this.loader,
      new BranchHolds(deps.tracker),
      (section) => this.accountOfSection(section),
      () => this.publish(),
    );
    this.register(
      deps.git.onDidChange(() => void this.sync(false)),
      deps.session.onDidChange(() => {
        this.loader.abortRefreshes();
        void this.refresh();
      }),
      // Another account signed in or out, or a token changed: the repositories may use other accounts now.
      deps.session.accounts.onDidChange(() => void this.reload()),
      deps.session.accounts.onDidChangeToken(() => void this.reload()),
      deps.settings.onDidChange((settings) => {
        // Only the pinned app matters here; "Don't Show Again" (notifyOnCompletion) must not reload.
        if (settings.appId === this.loader.pinnedAppId) return;
        this.loader.pinnedAppId = settings.appId;
        void this.reload();
      }),
      deps.tracker.onDidChange((change) => this.tracked(change)),
      deps.git.onDidPush(() => deps.tracker.lookSoon()),
    );
    // Until Git's first answer (which reloads, above) activation sets no context keys and makes no client.
    if (deps.git.snapshot.kind !== 'waiting') void this.reload();
  }

  /** The active editor's repository (else the first folder's). */
  get state(): BranchState {
    const active = this.deps.git.snapshot;
    if (active.kind !== 'repository') return this.sections.bare;
    return this.sections.get(active.root)?.state ?? WAITING;
  }

  get sectionStates(): readonly BranchSection[] {
    return this.sections.all.map((s) => ({
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
  async chooseAccount(root = this.activeRoot ?? this.sections.all[0]?.repo.root): Promise<{ name: string; only?: string } | undefined> {
    const section = root === undefined ? undefined : this.sections.get(root);
    if (!section) return undefined;
    const candidates = section.candidates ?? [];
    if (candidates.length < 2) {
      const only = candidates[0] === undefined ? undefined : this.deps.session.accounts.byId(candidates[0])?.label;
      return { name: section.repo.name, only: only ?? '' };
    }
    const picked = await this.deps.choices.pick(section.repo.root, section.repo.name, candidates);
    if (picked !== undefined) await this.sections.load(section);
    return { name: section.repo.name };
  }

  /** Forgets the apps, then loads again (the Refresh command); which repository each builds is kept. */
  refresh(): Promise<void> {
    this.deps.session.forgetApps();
    return this.reload();
  }

  reload(): Promise<void> {
    return this.sync(true);
  }

  private sync(all: boolean): Promise<void> {
    return this.disposed ? Promise.resolve() : this.sections.sync(all);
  }

  /**
   * A build of an account changed, or is the newest of its app and branch: the rows read the tracker's
   * copy, so a change only redraws; a newest build becomes its app's row. Another account may use the same ids.
   */
  private tracked({ account, build, newest }: BuildChange): void {
    let shown = false;
    for (const section of this.sections.all) {
      const { state } = section;
      if (state.kind !== 'builds' || this.accountOfSection(section) !== account) continue;
      if (newest) {
        const next = withBuild(state, build);
        if (next !== state) this.sections.set(section, next);
      } else if (state.entries.some((e) => rowBuild(e)?.id === build.id)) shown = true;
    }
    if (shown) this.publish(true);
  }

  /** Whose builds a section shows: its account, else the window's. */
  private accountOfSection(section: Section): Account | undefined {
    return (section.account === undefined ? undefined : this.deps.session.accounts.byId(section.account)) ?? this.deps.session.account();
  }

  // The branches shown are watched for new builds (their builds are held by the sections).
  private publish(buildChanged = false): void {
    const states = [this.state, ...this.sections.all.map((s) => s.state)];
    const same = states.length === this.published.length && states.every((s, i) => s === this.published[i]);
    if (same && !buildChanged) return;
    this.published = states;
    const watched = this.sections.all.flatMap((s) => {
      const account = this.accountOfSection(s)?.id;
      return (account === undefined ? undefined : watchedBranchOf(s.state, account)) ?? [];
    }) satisfies WatchedBranch[];
    this.deps.tracker.watch(watched);
    const anyBuild = this.sections.all.some((s) => s.state.kind === 'builds' && s.state.entries.some((e) => e.held));
    this.deps.contextKeys.set(ContextKey.branchBuildShown, anyBuild);
    this.changed.fire(this.state);
  }

  override dispose(): void {
    this.disposed = true;
    this.sections.dispose();
    this.loader.dispose();
    super.dispose();
    this.changed.dispose();
  }
}
