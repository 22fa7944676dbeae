import vscode = require('vscode');
import { sameAppsAll, sameLatestAll, type WatchedBranch } from '../../core/branch/branchWatch';
import { nextWait, planRound, unpaused, type PlanInput } from '../../core/polling/pollPlan';
import { PollPauses } from '../../core/polling/pollPause';
import { DEFAULT_INTERVALS, PollClock, scaleIntervals } from '../../core/polling/pollSchedule';
import type { Followed } from '../../core/builds/trackedBuilds';
import { ApiError } from '../../api';
import type { ErrorPresenter } from '../errorPresenter';
import type { SettingsService } from '../settings';
import { pollRound, type RoundDeps } from './pollRound';
import { Disposable } from '../../core/disposable';

export interface PollerDeps extends RoundDeps {
  settings: SettingsService;
  /** The window's: a failed round's one notice is said like any other failure. */
  presenter: ErrorPresenter;
  /** Test hosts only: the schedule and the pauses run this many times faster than real time (1/60: a minute is a second). */
  timeScale?: number;
  /** The builds to follow, with their accounts' ids. */
  followed(): readonly Followed[];
}

/** The timer of the polling plan (core/polling/pollPlan.ts), while the window is focused; a round's requests are pollRound.ts. */
export class BuildPoller extends Disposable {
  private readonly clock: PollClock;
  /** Accounts left alone after failed rounds (Retry-After, backoff). */
  private readonly pauses: PollPauses;
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

  constructor(private readonly deps: PollerDeps) {
    super();
    const scale = deps.timeScale ?? 1;
    this.clock = new PollClock(scale === 1 ? DEFAULT_INTERVALS : scaleIntervals(DEFAULT_INTERVALS, scale));
    this.pauses = new PollPauses(scale);
    this.register(
      vscode.window.onDidChangeWindowState((state) => (state.focused ? this.pollSoon() : this.schedule())),
      // Another account for this window: the branches watched belong to the one it left.
      deps.session.onDidChange(() => {
        this.pauses.clear();
        this.watch([]);
        this.pollAbort?.abort();
      }),
      deps.settings.onDidChange(() => this.schedule()),
    );
  }

  /** A build not followed before: the pace starts again from the shortest interval. */
  startedFollowing(): void {
    this.clock.startFollowing(Date.now());
    this.reschedule();
  }

  /** Just loaded, so the next look is an interval away. */
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

  get pollCount(): number {
    return this.rounds;
  }

  get watchedBranches(): readonly WatchedBranch[] {
    return this.watched;
  }

  private get active(): boolean {
    return !this.disposed && this.deps.settings.value.autoRefresh && vscode.window.state.focused;
  }

  private input(): PlanInput {
    return { followed: this.deps.followed(), watched: this.watched };
  }

  /** Sets the timer for the next round, or stops it when nothing is to be polled. */
  schedule(): void {
    const wait = this.active ? nextWait(this.clock, Date.now(), this.input(), this.pauses) : undefined;
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
    const { due, branchLists } = planRound(this.clock, Date.now(), this.input(), this.pauses);
    if (this.active && (due.byId || due.lists)) {
      this.polling = true;
      this.rounds++;
      const { signal } = (this.pollAbort = new AbortController());
      try {
        const version = this.watchVersion;
        const outcomes = await pollRound(this.deps, due, branchLists, {
          input: () => unpaused(this.input(), Date.now(), this.pauses),
          // A list asked before the view changed is no news of what is newest.
          current: () => version === this.watchVersion,
          signal,
        });
        // Called off for another account or token: its failures say nothing about the next round.
        if (!signal.aborted) this.settle(outcomes);
      } finally {
        this.polling = false;
        this.pollAbort = undefined;
      }
      this.clock.polled(Date.now(), due);
    }
    this.schedule();
  }

  /** Pauses each account whose round failed, for its Retry-After or the backoff; one notice an outage. */
  private settle(outcomes: ReadonlyMap<string, unknown>): void {
    const now = Date.now();
    for (const [owner, error] of outcomes) {
      if (error === undefined) {
        this.pauses.succeeded(owner);
        continue;
      }
      const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined;
      const notice = this.pauses.failed(owner, now, retryAfterMs);
      const until = this.pauses.pausedUntil(owner, now) ?? now;
      this.deps.log.warn(`Polling ${owner} paused for ${Math.round((until - now) / 1000)} s after a failed round.`);
      if (notice) this.deps.presenter.present(error, 'Polling for builds');
    }
  }

  override dispose(): void {
    this.disposed = true;
    this.pollAbort?.abort();
    this.stop();
    super.dispose();
  }
}
