import type { BranchState } from '../../core/branch/branchState';
import type { Account } from '../accounts/accounts';
import type { BuildTracker, HeldBuild } from '../builds/buildTracker';

/**
 * Current Branch keeps which build is each app's latest, never a copy of it: a row's `held` is a hold on
 * the tracker's copy, which keeps the build followed while it is on a row.
 */
export class BranchHolds {
  /** By repository root: the holds of the rows its section shows. */
  private readonly bySection = new Map<string, readonly HeldBuild[]>();

  constructor(private readonly tracker: BuildTracker) {}

  /** `state` with each build read through a new hold; the section's earlier holds go after (a build still shown is never let go in between). */
  held(root: string, account: Account | undefined, state: BranchState): BranchState {
    const holds: HeldBuild[] = [];
    const next: BranchState =
      state.kind === 'builds' && account
        ? {
            ...state,
            entries: state.entries.map(({ app, held }) => {
              if (!held) return { app };
              // Held anew each time: a hold the tracker dropped since (a sign-out, another token) would follow nothing.
              const hold = this.tracker.hold(account, held.build);
              holds.push(hold);
              return { app, held: hold };
            }),
          }
        : state;
    this.release(root);
    this.bySection.set(root, holds);
    return next;
  }

  release(root: string): void {
    for (const held of this.bySection.get(root) ?? []) held.dispose();
    this.bySection.delete(root);
  }

  dispose(): void {
    for (const root of [...this.bySection.keys()]) this.release(root);
  }
}
