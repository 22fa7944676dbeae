// Demo progress: on every tick, unfinished builds move on, so a tree shows builds changing state.
import type { ServiceData } from './data';
import { advanceBuild } from './buildLifecycle';

/** Ticks a build stays in a state before it moves on: queued briefly, running a little longer. */
const TICKS_IN_STATE = { queued: 1, running: 3 } as const;

export class BuildProgress {
  /** Ticks each unfinished build has spent in its current state, by build id. */
  private readonly ticks = new Map<string, number>();

  constructor(private readonly data: ServiceData) {}

  tick(nowMs: number): void {
    for (const build of this.data.builds) {
      if (build.build_status !== 'queued' && build.build_status !== 'running') {
        this.ticks.delete(build._id);
        continue;
      }
      const ticks = (this.ticks.get(build._id) ?? 0) + 1;
      if (ticks < TICKS_IN_STATE[build.build_status]) {
        this.ticks.set(build._id, ticks);
      } else {
        advanceBuild(this.data, build, nowMs);
        this.ticks.set(build._id, 0);
      }
    }
  }

  /** Moves every unfinished build one step at once (for tests that do not want to wait). */
  advanceAll(nowMs: number): void {
    for (const build of this.data.builds) advanceBuild(this.data, build, nowMs);
    this.ticks.clear();
  }
}
