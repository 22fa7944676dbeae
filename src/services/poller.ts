import * as vscode from 'vscode';
import { isApiError, type Build } from '../api';
import type { ClientCache } from './clientCache';
import type { SettingsService } from './settings';
import type { Log } from './log';
import { DEFAULT_INTERVALS, nextInterval, type PollIntervals } from '../core/pollSchedule';

export type FollowReason = 'shown' | 'triggered';

export interface PollerDeps {
  clients: ClientCache;
  settings: SettingsService;
  /** Tests shorten these; the product waits 10 s at first, growing to 60 s. */
  intervals?: PollIntervals;
  log?: Log;
  /** Whether this window has focus, and when that changes; vscode.window by default. */
  focus?: { isFocused(): boolean; onDidChange: vscode.Event<boolean> };
}

interface Followed {
  build: Build;
  reasons: Set<FollowReason>;
}

/**
 * Follows unfinished builds, one GET /builds/:id each, and only those: a finished build never
 * changes, and a window without builds to follow sends nothing at all. Polling pauses while the
 * window is in the background (nobody is looking) and catches up as soon as it is focused again.
 */
export class BuildPoller implements vscode.Disposable {
  private readonly followed = new Map<string, Followed>();
  private readonly updated = new vscode.EventEmitter<Build>();
  private readonly finished = new vscode.EventEmitter<{ build: Build; reason: FollowReason }>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly intervals: PollIntervals;
  private readonly focus: NonNullable<PollerDeps['focus']>;
  private interval: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;
  private disposed = false;
  private baseUrl: string;

  readonly onDidUpdate = this.updated.event;
  /** Fired once per build, when a followed build is seen finished; 'triggered' wins over 'shown'. */
  readonly onDidFinish = this.finished.event;

  constructor(private readonly deps: PollerDeps) {
    this.intervals = deps.intervals ?? DEFAULT_INTERVALS;
    this.interval = this.intervals.firstMs;
    this.baseUrl = deps.settings.value.baseUrl;
    this.focus = deps.focus ?? { isFocused: () => vscode.window.state.focused, onDidChange: windowFocusEvent };
    this.subscriptions = [
      this.focus.onDidChange((focused) => (focused ? this.pollSoon() : this.schedule())),
      deps.settings.onDidChange((settings) => {
        // Builds of the service the window pointed at before: their ids mean nothing to the new one.
        if (settings.baseUrl !== this.baseUrl) this.followed.clear();
        this.baseUrl = settings.baseUrl;
        this.schedule();
      }),
    ];
  }

  /** Follow an unfinished build until it finishes; 'shown' = it is visible in a tree, 'triggered' = started from this window. */
  follow(build: Build, reason: FollowReason): void {
    const entry = this.followed.get(build.id);
    if (build.finished) {
      // Someone else saw it finish (a refreshed list): tell the listeners as if a poll had.
      if (entry) this.record(entry, build);
      return;
    }
    if (entry) {
      entry.reasons.add(reason);
      this.record(entry, build);
      return;
    }
    this.followed.set(build.id, { build, reasons: new Set([reason]) });
    // Something new to watch: start again from the short interval.
    this.interval = this.intervals.firstMs;
    this.restart();
  }

  /** Stops following; with a reason, only for that reason (a build still triggered from here stays followed). */
  unfollow(buildId: string, reason?: FollowReason): void {
    const entry = this.followed.get(buildId);
    if (!entry) return;
    if (reason) entry.reasons.delete(reason);
    if (!reason || entry.reasons.size === 0) this.followed.delete(buildId);
    this.schedule();
  }

  isFollowing(buildId: string): boolean {
    return this.followed.has(buildId);
  }

  /** The builds followed now, for tests and the status bar. */
  get followedIds(): string[] {
    return [...this.followed.keys()];
  }

  private get active(): boolean {
    return !this.disposed && this.followed.size > 0 && this.deps.settings.value.autoRefresh && this.focus.isFocused();
  }

  private schedule(): void {
    if (!this.active) return this.stop();
    if (this.timer || this.polling) return;
    this.timer = setTimeout(() => void this.poll(), this.interval);
  }

  private restart(): void {
    this.stop();
    this.schedule();
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
    const client = this.deps.clients.get();
    if (!this.active || !client) return;
    this.polling = true;
    try {
      // The client's queue keeps this to four requests at a time, however many builds run.
      await Promise.all([...this.followed.keys()].map((id) => this.pollOne(id, () => client.getBuild(id))));
    } finally {
      this.polling = false;
    }
    this.interval = nextInterval(this.interval, this.intervals);
    this.schedule();
  }

  private async pollOne(id: string, get: () => Promise<Build>): Promise<void> {
    try {
      const build = await get();
      const entry = this.followed.get(id);
      if (entry) this.record(entry, build);
    } catch (error) {
      // A deleted build will never finish; anything else may pass, so the next poll tries again.
      if (isApiError(error) && error.kind === 'not-found') this.followed.delete(id);
      const reason = isApiError(error) ? error.kind : String(error);
      this.deps.log?.warn(`Following build ${id}: ${reason}`);
    }
  }

  private record(entry: Followed, build: Build): void {
    const changed = JSON.stringify(entry.build) !== JSON.stringify(build);
    entry.build = build;
    if (changed) this.updated.fire(build);
    if (!build.finished) return;
    this.followed.delete(build.id);
    const reason: FollowReason = entry.reasons.has('triggered') ? 'triggered' : 'shown';
    this.finished.fire({ build, reason });
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

const windowFocusEvent: vscode.Event<boolean> = (listener, thisArg, disposables) =>
  vscode.window.onDidChangeWindowState((state) => void listener.call(thisArg, state.focused), undefined, disposables);
