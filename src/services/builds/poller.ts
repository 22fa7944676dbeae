import vscode = require('vscode');
import { ApiError, type Build, type BuildServiceClient } from '../../api';
import { BRANCH_LIST_LIMIT, carriesAny, newLatest, sameAppsAll, sameLatestAll, type WatchedBranch } from '../../core/branch/branchWatch';
import { buildKey, FollowedBuilds, type FollowReason, type Recorded } from '../../core/builds/followedBuilds';
import { afterList, byApp, followListLimit, MAX_LIST_LIMIT } from '../../core/builds/followLists';
import { DEFAULT_INTERVALS, PollClock, type PollIntervals, type PollRound, type PollWork } from '../../core/builds/pollSchedule';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../accounts/accounts';
import type { Log } from '../log';
import type { Session } from '../accounts/session';
import type { SettingsService } from '../settings';

export type { FollowReason } from '../../core/builds/followedBuilds';
export type { WatchedBranch } from '../../core/branch/branchWatch';

/** A build and the account it is of: two services may use the same build ids. */
export interface AccountBuild {
  readonly account: Account;
  readonly build: Build;
}

export interface PollerDeps {
  session: Session;
  settings: SettingsService;
  log: Log;
  intervals?: PollIntervals;
}

/** Follows unfinished builds and finds new ones while the window is focused, one list per app so that
 * requests grow with apps, not builds. Owns the timer and events; the decisions are in core/. */
export class BuildPoller implements vscode.Disposable {
  private readonly followed = new FollowedBuilds();
  private readonly clock: PollClock;
  private readonly updated = new vscode.EventEmitter<AccountBuild>();
  private readonly finished = new vscode.EventEmitter<AccountBuild & { reason: FollowReason }>();
  private readonly found = new vscode.EventEmitter<AccountBuild>();
  private readonly subscriptions: vscode.Disposable[];
  /** One per repository shown. */
  private watched: readonly WatchedBranch[] = [];
  /** Kept while nothing is watched, so that a branch switch is told apart from a reload. */
  private lastBranch: string | undefined;
  /** A list asked before the view changed is no news of what is newest. */
  private watchVersion = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;
  /** Aborts the poll under way: its answers would be about builds no longer followed. */
  private pollAbort: AbortController | undefined;
  private disposed = false;
  private rounds = 0;

  readonly onDidUpdate = this.updated.event;
  /** Once per build, when a followed build, or a new one of the branch, is seen finished; 'triggered' wins. */
  readonly onDidFinish = this.finished.event;
  readonly onDidFindLatest = this.found.event;

  constructor(private readonly deps: PollerDeps) {
    this.clock = new PollClock(deps.intervals ?? DEFAULT_INTERVALS);
    this.subscriptions = [
      vscode.window.onDidChangeWindowState((state) => (state.focused ? this.pollSoon() : this.schedule())),
      // Another account for this window: the branch watched belongs to the one it left.
      deps.session.onDidChange(() => {
        this.watch([]);
        this.pollAbort?.abort();
        this.dropBuilds((owner) => !this.deps.session.accounts.byId(owner));
      }),
      // Signed out, or another token: that account's followed builds go, at once.
      deps.session.accounts.onDidChange(() => this.dropBuilds((owner) => !this.deps.session.accounts.byId(owner))),
      deps.session.accounts.onDidChangeToken((account) => this.dropBuilds((owner) => owner === account.id)),
      deps.settings.onDidChange(() => this.schedule()),
    ];
  }

  /** Follow an unfinished build until it finishes; 'shown' = it is visible in a view, 'triggered' = started from this window. */
  follow(build: Build, reason: FollowReason, account = this.deps.session.account()): void {
    if (!account) return;
    const { started, recorded } = this.followed.follow(account.id, build, reason);
    if (recorded) this.announce(account.id, build, recorded);
    if (!started) return;
    this.clock.startFollowing(Date.now());
    this.reschedule();
  }

  /** Stops following; with a reason, only for that reason (a build still triggered from here stays followed). */
  unfollow(account: Account, buildId: string, reason?: FollowReason): void {
    this.followed.unfollow(account.id, buildId, reason);
    this.schedule();
  }

  private dropBuilds(gone: (owner: string) => boolean): void {
    this.followed.drop(gone);
    this.schedule();
  }

  /** What the Current Branch view shows, a branch per repository; just loaded, so the next look is an interval away. */
  watch(branches: readonly WatchedBranch[]): void {
    const previous = this.watched;
    this.watched = branches;
    if (sameLatestAll(previous, branches)) return;
    this.watchVersion++;
    if (branches.length === 0 || sameAppsAll(previous, branches)) return this.schedule();
    const now = Date.now();
    this.clock.branchLoaded(now);
    const names = branches.map((b) => b.branch).join('\n');
    if (this.lastBranch !== undefined && this.lastBranch !== names) this.clock.lookSoon(now);
    this.lastBranch = names;
    this.reschedule();
  }

  lookSoon(): void {
    this.clock.lookSoon(Date.now());
    this.reschedule();
  }

  /** Without an account: for any account. */
  isFollowing(buildId: string, account?: Account): boolean {
    return account ? this.followed.has(account.id, buildId) : this.followed.ids.includes(buildId);
  }

  get followedIds(): string[] {
    return this.followed.ids;
  }

  get pollCount(): number {
    return this.rounds;
  }

  get watchedBranches(): readonly WatchedBranch[] {
    return this.watched;
  }

  private get active(): boolean {
    return !this.disposed && this.deps.settings.value.autoRefresh && vscode.window.state.focused;
  }

  private work(): PollWork {
    const builds = this.followed.builds;
    const busy = builds.filter(({ build }) => carriesAny(this.watched, build)).length;
    return { following: builds.length > busy, watching: this.watched.length > 0, branchBusy: busy > 0 };
  }

  private schedule(): void {
    const wait = this.active ? this.clock.wait(Date.now(), this.work()) : undefined;
    if (wait === undefined) return this.stop();
    if (this.timer || this.polling) return;
    this.timer = setTimeout(() => void this.poll(), wait);
  }

  private reschedule(): void {
    this.stop();
    this.schedule();
  }

  /** After the window comes back: the builds may have moved on while nobody was looking. */
  private pollSoon(): void {
    if (!this.active || this.polling) return;
    this.clock.focused();
    this.reschedule();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    const due = this.clock.due(Date.now(), this.work());
    if (this.active && (due.byId || due.lists)) {
      this.polling = true;
      const { signal } = (this.pollAbort = new AbortController());
      try {
        // Signed out or no address: nothing to ask now; the views say why, and the next poll looks again.
        const connection = await this.deps.session.connection();
        if (connection.kind === 'ready') this.rounds++;
        await this.round(connection.kind === 'ready' ? connection.client : undefined, due, signal);
      } finally {
        this.polling = false;
        this.pollAbort = undefined;
      }
      this.clock.polled(Date.now(), due);
    }
    this.schedule();
  }

  private async round(client: BuildServiceClient | undefined, due: PollRound, signal: AbortSignal): Promise<void> {
    // By buildKey: the builds a list answered, the apps whose list failed (their builds would fail alone too).
    const listed = new Set<string>();
    const unanswered = new Set<string>();
    const watched = this.watched;
    const windowAccount = this.deps.session.account()?.id;
    const ownerOf = (w: WatchedBranch) => w.account ?? windowAccount;
    if (due.lists) {
      const version = this.watchVersion;
      const clients = await Promise.all(watched.map((w) => (w.account === undefined ? Promise.resolve(client) : this.clientOf(w.account))));
      await Promise.all(
        watched.flatMap((w, i) =>
          [...w.latest.keys()].map(async (appId) => {
            const listing = clients[i];
            const owner = ownerOf(w);
            if (!listing || owner === undefined) return;
            const builds = await this.ask(
              () => listing.listBuilds(appId, { branch: w.branch, limit: BRANCH_LIST_LIMIT, signal }),
              (why) => this.deps.log.warn(`Looking for new builds of ${loggedText(w.branch)} (app ${loggedText(appId)}): ${why}`),
            );
            if (!builds) {
              unanswered.add(buildKey(owner, appId));
              return;
            }
            for (const build of builds) listed.add(buildKey(owner, build.id));
            this.listed(w, owner, version, appId, builds);
          }),
        ),
      );
    }
    const rest = this.followed.builds.filter(({ owner, build }) =>
      carriesAny(
        watched.filter((w) => ownerOf(w) === owner),
        build,
      )
        ? due.lists && !listed.has(buildKey(owner, build.id)) && !unanswered.has(buildKey(owner, build.appId ?? ''))
        : due.byId,
    );
    // Each account's builds with its own client: one list per app, as below.
    const byOwner = new Map<string, Build[]>();
    for (const { owner, build } of rest) byOwner.set(owner, [...(byOwner.get(owner) ?? []), build]);
    await Promise.all(
      [...byOwner].map(async ([owner, builds]) => {
        const client = await this.clientOf(owner);
        if (!client) return;
        const { lists, alone } = byApp(builds);
        await Promise.all([
          ...[...lists].map(([appId, ids]) => this.pollApp(client, owner, appId, ids, signal)),
          ...alone.map((id) => this.pollOne(owner, id, () => client.getBuild(id, { signal }))),
        ]);
      }),
    );
  }

  private async clientOf(accountId: string): Promise<BuildServiceClient | undefined> {
    const connection = await this.deps.session.accounts.byId(accountId)?.connection();
    return connection?.kind === 'ready' ? connection.client : undefined;
  }

  private async pollApp(
    client: BuildServiceClient,
    owner: string,
    appId: string,
    ids: readonly string[],
    signal: AbortSignal,
  ): Promise<void> {
    let wanted = ids;
    let limit = followListLimit(ids.length);
    for (;;) {
      const builds = await this.ask(
        () => client.listBuilds(appId, { limit, signal }),
        (why) => this.deps.log.warn(`Following the builds of app ${loggedText(appId)}: ${why}`),
      );
      if (!builds) return;
      for (const build of builds) this.record(owner, build);
      const { missing, next } = afterList(wanted, builds, limit);
      if (next === 'done') return;
      if (next === 'alone') {
        await Promise.all(missing.map((id) => this.pollOne(owner, id, () => client.getBuild(id, { signal }))));
        return;
      }
      wanted = missing;
      limit = MAX_LIST_LIMIT;
    }
  }

  private listed(watched: WatchedBranch, owner: string, version: number, appId: string, builds: readonly Build[]): void {
    let wasFollowed = false;
    const latest = version === this.watchVersion ? newLatest(watched, appId, builds) : undefined;
    for (const build of builds) {
      const recorded = this.record(owner, build);
      if (recorded && build === latest) wasFollowed = true;
    }
    const account = latest && this.deps.session.accounts.byId(owner);
    if (!latest || !account) return;
    this.deps.log.info(`A new build of ${loggedText(watched.branch)}: ${loggedText(latest.id)} (${latest.status}).`);
    this.found.fire({ account, build: latest });
    // Seen only once it had finished (it ran between two looks): its end is still news.
    if (latest.finished && !wasFollowed) this.finished.fire({ account, build: latest, reason: 'shown' });
  }

  private async pollOne(owner: string, id: string, get: () => Promise<Build>): Promise<void> {
    const build = await this.ask(get, (why, gone) => {
      if (gone) this.followed.unfollow(owner, id); // a deleted build never finishes
      this.deps.log.warn(`Following build ${loggedText(id)}: ${why}`);
    });
    if (build) this.record(owner, build);
  }

  /** Undefined after `failed` was told why (`gone`: a 404); the next poll tries again. */
  private async ask<T>(request: () => Promise<T>, failed: (why: string, gone: boolean) => void): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'cancelled') return undefined; // the poll was called off
      failed(error instanceof ApiError ? error.kind : String(error), error instanceof ApiError && error.kind === 'not-found');
      return undefined;
    }
  }

  /** A fresh copy of a build of `owner`'s: announced if it is news about one followed. */
  private record(owner: string, build: Build): Recorded | undefined {
    const recorded = this.followed.record(owner, build);
    if (recorded) this.announce(owner, build, recorded);
    return recorded;
  }

  private announce(owner: string, build: Build, { changed, finished }: Recorded): void {
    const account = this.deps.session.accounts.byId(owner);
    if (!account) return;
    if (changed) this.updated.fire({ account, build });
    if (finished) this.finished.fire({ account, build, reason: finished });
  }

  dispose(): void {
    this.disposed = true;
    this.pollAbort?.abort();
    this.stop();
    this.followed.clear();
    for (const s of this.subscriptions) s.dispose();
    this.updated.dispose();
    this.finished.dispose();
    this.found.dispose();
  }
}
