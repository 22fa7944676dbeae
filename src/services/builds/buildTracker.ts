import vscode = require('vscode');
import type { Build } from '../../api';
import type { WatchedBranch } from '../../core/branch/branchWatch';
import { FOLLOW_CAP, TrackedBuilds, type Ended, type TrackedBuild } from '../../core/builds/trackedBuilds';
import type { Account } from '../accounts/accounts';
import type { Session } from '../accounts/session';
import type { ErrorPresenter } from '../errorPresenter';
import type { Log } from '../log';
import type { SettingsService } from '../settings';
import { BuildPoller } from './poller';
import { Disposable } from '../../core/disposable';

export type { WatchedBranch } from '../../core/branch/branchWatch';
export type { Ended } from '../../core/builds/trackedBuilds';

/** A build and the account it is of: two services may use the same build ids. */
export interface AccountBuild {
  readonly account: Account;
  readonly build: Build;
}

export interface BuildChange extends AccountBuild {
  /** This copy is the build's end, told once: 'triggered' if it was started from this window. */
  readonly ended?: Ended;
  /** The newest build of its app and branch, new to this window (a new build found, or one just triggered). */
  readonly newest?: boolean;
}

/** Keeps its build followed until disposed; `build` is always the latest copy. */
export interface HeldBuild extends vscode.Disposable {
  readonly build: Build;
}

/** 'triggered': started from this window; its end is announced, and the hold ends by itself then. */
export type HoldKind = 'shown' | 'triggered';

export interface BuildTrackerDeps {
  session: Session;
  settings: SettingsService;
  log: Log;
  /** Says a failed poll round once (the poller's notice). */
  presenter: ErrorPresenter;
  /** Test hosts only: how much faster than real time polling runs (its intervals and pauses). */
  timeScale?: number;
}

/**
 * The one home of a build's state: the latest copy of each build held, by account and id; unfinished
 * ones are followed while anyone holds them; every change is one event. The poller asks the service.
 */
export class BuildTracker extends Disposable {
  private readonly store = new TrackedBuilds();
  private readonly changed = new vscode.EventEmitter<BuildChange>();
  readonly onDidChange = this.changed.event;
  private readonly poller: BuildPoller;
  /** What the poller is to be told at the end of this task: 'started' restarts its pace, and schedules too. */
  private pollerNews: 'started' | 'schedule' | undefined;

  constructor(private readonly deps: BuildTrackerDeps) {
    super();
    const { accounts } = deps.session;
    this.poller = new BuildPoller({
      ...deps,
      followed: () => this.store.followed,
      recorded: (owner, build, newest) => this.recordOf(owner, build, newest),
      gone: (owner, id) => this.store.forget(owner, id),
    });
    const dropGone = () => this.drop((owner) => !accounts.byId(owner));
    this.register(
      deps.session.onDidChange(dropGone),
      // Signed out, or another token: that account's builds go, at once.
      accounts.onDidChange(dropGone),
      accounts.onDidChangeToken((account) => this.drop((owner) => owner === account.id)),
    );
  }

  /** Keeps `build` of `account` (its copy recorded) and, while unfinished, followed. */
  hold(account: Account, build: Build, kind: HoldKind = 'shown'): HeldBuild {
    const triggered = kind === 'triggered';
    const { entry, started, capped, recorded } = this.store.hold(account.id, build, triggered);
    if (capped) {
      const text = `${account.label}: more than ${FOLLOW_CAP} unfinished builds shown; ${FOLLOW_CAP} are polled, the others only as those end or are let go of.`;
      this.deps.log.warnOnce(`follow cap ${account.id}`, text);
    }
    let released = false;
    const held: HeldBuild = {
      get build() {
        return entry.build;
      },
      dispose: () => {
        if (released) return;
        released = true;
        this.release(entry, triggered);
      },
    };
    if (started) this.tellPoller('started');
    // A build started here is the newest of its app and branch: Current Branch shows it at once.
    if (recorded.changed || recorded.ended || triggered)
      this.fire({ account, build: entry.build, ended: recorded.ended, newest: triggered });
    return held;
  }

  /** A fresh copy of a build (after Cancel Build, say): the holders see it. */
  record(account: Account, build: Build): void {
    this.recordOf(account.id, build, false);
  }

  get(account: Account, id: string): Build | undefined {
    return this.store.get(account.id, id);
  }

  /** What Current Branch shows, a branch per repository: the poller looks for new builds of each. */
  watch(branches: readonly WatchedBranch[]): void {
    this.poller.watch(branches);
  }

  /** After a push: a new build is likely soon. */
  lookSoon(): void {
    this.poller.lookSoon();
  }

  /** Without an account: for any account. */
  isFollowing(buildId: string, account?: Account): boolean {
    if (account) return this.store.isFollowed(account.id, buildId);
    return this.store.followed.some(({ build }) => build.id === buildId);
  }

  get followedIds(): string[] {
    return this.store.followed.map(({ build }) => build.id);
  }

  get pollCount(): number {
    return this.poller.pollCount;
  }

  get watchedBranches(): readonly WatchedBranch[] {
    return this.poller.watchedBranches;
  }

  /** For tests: the service about to close had these builds; nothing is followed any more. */
  forgetAll(): void {
    this.drop(() => true);
  }

  private release(entry: TrackedBuild, triggered: boolean): void {
    this.store.release(entry, triggered);
    this.tellPoller('schedule');
  }

  private drop(gone: (owner: string) => boolean): void {
    this.store.drop(gone);
    this.tellPoller('schedule');
  }

  // Once per task, not per hold: scheduling reads every build followed, so 10,000 rows held or let go
  // at once would cost 10,000 × 10,000.
  private tellPoller(news: 'started' | 'schedule'): void {
    const told = this.pollerNews !== undefined;
    if (this.pollerNews !== 'started') this.pollerNews = news;
    if (told) return;
    queueMicrotask(() => {
      const started = this.pollerNews === 'started';
      this.pollerNews = undefined;
      if (started) this.poller.startedFollowing();
      else this.poller.schedule();
    });
  }

  private recordOf(owner: string, build: Build, newest: boolean): void {
    const recorded = this.store.record(owner, build, newest);
    const account = this.deps.session.accounts.byId(owner);
    if (!recorded || !account || !(recorded.changed || recorded.ended)) return;
    this.fire({ account, build, ended: recorded.ended, newest });
  }

  private fire(change: BuildChange): void {
    this.changed.fire(change);
  }

  override dispose(): void {
    this.poller.dispose();
    this.store.clear();
    super.dispose();
    this.changed.dispose();
  }
}
