import { buildKey } from '../../core/builds/trackedBuilds';
import type { AccountBuild, BuildTracker, HeldBuild } from '../builds/buildTracker';

/** Current Branch's holds on the builds it shows: one per build on screen, let go when it leaves. */
export class ShownBuildHolds {
  private held = new Map<string, HeldBuild>();
  /** A hold tells the tracker's subscribers at once, and one of them may be Current Branch publishing again. */
  private busy = false;
  private pending: readonly AccountBuild[] | undefined;

  constructor(private readonly tracker: BuildTracker) {}

  /** Holds what is shown now, then lets go of the holds before (in that order: a build still shown is never let go in between). */
  showing(shown: readonly AccountBuild[]): void {
    if (this.busy) {
      this.pending = shown;
      return;
    }
    this.busy = true;
    try {
      this.hold(shown);
    } finally {
      this.busy = false;
    }
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.showing(pending);
  }

  private hold(shown: readonly AccountBuild[]): void {
    const next = new Map<string, HeldBuild>();
    for (const { account, build } of shown) {
      const key = buildKey(account.id, build.id);
      if (next.has(key)) continue;
      // Held anew each time: a hold the tracker dropped since (a sign-out, another token) would follow nothing.
      next.set(key, this.tracker.hold(account, build));
    }
    const before = this.held;
    this.held = next;
    for (const hold of before.values()) hold.dispose();
  }

  dispose(): void {
    this.showing([]);
  }
}
