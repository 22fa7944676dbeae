import vscode = require('vscode');
import { ApiError, type Build } from '../api';
import { FollowedBuilds, type FollowReason, type Recorded } from '../core/followedBuilds';
import { DEFAULT_INTERVALS, nextInterval, type PollIntervals } from '../core/pollSchedule';
import { loggedText } from '../core/serviceText';
import type { Log } from './log';
import type { Session } from './session';
import type { SettingsService } from './settings';

export type { FollowReason } from '../core/followedBuilds';

export interface PollerDeps {
  session: Session;
  settings: SettingsService;
  log: Log;
  /** Tests shorten these; the product waits 10 s at first, growing to 60 s. */
  intervals?: PollIntervals;
}

/**
 * Follows unfinished builds, one GET /builds/:id each, and only those: a finished build never
 * changes, and a window without builds to follow sends nothing at all. Polling pauses while the
 * window is in the background (nobody is looking) and catches up as soon as it is focused again.
 * Which builds are followed and what a fresh copy means is decided by FollowedBuilds; this class
 * owns the timer and the events.
 */
export class BuildPoller implements vscode.Disposable {
  private readonly followed = new FollowedBuilds();
  private readonly updated = new vscode.EventEmitter<Build>();
  private readonly finished = new vscode.EventEmitter<{ build: Build; reason: FollowReason }>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly intervals: PollIntervals;
  private interval: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;
  private disposed = false;

  readonly onDidUpdate = this.updated.event;
  /** Fired once per build, when a followed build is seen finished; 'triggered' wins over 'shown'. */
  readonly onDidFinish = this.finished.event;

  constructor(private readonly deps: PollerDeps) {
    this.intervals = deps.intervals ?? DEFAULT_INTERVALS;
    this.interval = this.intervals.firstMs;
    this.subscriptions = [
      vscode.window.onDidChangeWindowState((state) => (state.focused ? this.pollSoon() : this.schedule())),
      // Another address or token: the builds followed belong to a service the window left.
      deps.session.onDidChange(() => this.followed.clear()),
      deps.settings.onDidChange(() => this.schedule()),
    ];
  }

  /** Follow an unfinished build until it finishes; 'shown' = it is visible in a view, 'triggered' = started from this window. */
  follow(build: Build, reason: FollowReason): void {
    const { started, recorded } = this.followed.follow(build, reason);
    if (recorded) this.announce(build, recorded);
    if (!started) return;
    // Something new to watch: start again from the short interval.
    this.interval = this.intervals.firstMs;
    this.stop();
    this.schedule();
  }

  /** Stops following; with a reason, only for that reason (a build still triggered from here stays followed). */
  unfollow(buildId: string, reason?: FollowReason): void {
    this.followed.unfollow(buildId, reason);
    this.schedule();
  }

  isFollowing(buildId: string): boolean {
    return this.followed.has(buildId);
  }

  /** The builds followed now, for tests. */
  get followedIds(): string[] {
    return this.followed.ids;
  }

  private get active(): boolean {
    return !this.disposed && this.followed.size > 0 && this.deps.settings.value.autoRefresh && vscode.window.state.focused;
  }

  private schedule(): void {
    if (!this.active) return this.stop();
    if (this.timer || this.polling) return;
    this.timer = setTimeout(() => void this.poll(), this.interval);
  }

  /** After the window comes back: the builds may have moved on while nobody was looking. */
  private pollSoon(): void {
    if (!this.active || this.polling) return;
    this.stop();
    void this.poll();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    this.polling = true;
    try {
      // Signed out or no address: nothing to ask now; the views say why, and the next poll looks again.
      const connection = this.active ? await this.deps.session.connection() : undefined;
      const client = connection?.kind === 'ready' ? connection.client : undefined;
      // The client's gate keeps this to four requests at a time, however many builds run.
      if (client) await Promise.all(this.followed.ids.map((id) => this.pollOne(id, () => client.getBuild(id))));
    } finally {
      this.polling = false;
    }
    this.interval = nextInterval(this.interval, this.intervals);
    this.schedule();
  }

  private async pollOne(id: string, get: () => Promise<Build>): Promise<void> {
    try {
      const build = await get();
      const recorded = this.followed.record(build);
      if (recorded) this.announce(build, recorded);
    } catch (error) {
      // A deleted build will never finish; anything else may pass, so the next poll tries again.
      if (error instanceof ApiError && error.kind === 'not-found') this.followed.unfollow(id);
      this.deps.log.warn(`Following build ${loggedText(id)}: ${error instanceof ApiError ? error.kind : String(error)}`);
    }
  }

  private announce(build: Build, { changed, finished }: Recorded): void {
    if (changed) this.updated.fire(build);
    if (finished) this.finished.fire({ build, reason: finished });
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
    this.followed.clear();
    for (const s of this.subscriptions) s.dispose();
    this.updated.dispose();
    this.finished.dispose();
  }
}
