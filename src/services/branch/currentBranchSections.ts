import { ApiError } from '../../api';
import { gitBranch, type AcrossResult } from '../../core/branch/branchLoad';
import { branchOf, type BranchState, type RepoSnapshot } from '../../core/branch/branchState';
import type { Account } from '../accounts/accounts';
import type { Log } from '../log';
import type { BranchHolds } from './currentBranchHolds';
import type { BranchLoader } from './currentBranchLoad';
import type { GitWorkspace } from './gitWorkspace';

export const WAITING: BranchState = { kind: 'waiting' };

export interface Section {
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

/** A section per repository of the workspace, each loaded when it is new or its branch or remotes change. */
export class BranchSections {
  /** By root, in the order of the workspace's repositories. */
  private byRoot = new Map<string, Section>();
  /** What Git alone says while it names no repository (waiting, no Git, none open). */
  bare: BranchState = WAITING;

  constructor(
    private readonly deps: { git: GitWorkspace; log: Log },
    private readonly loader: BranchLoader,
    private readonly holds: BranchHolds,
    /** Whose builds a section shows. */
    private readonly accountOf: (section: Section) => Account | undefined,
    /** A section's state was set. */
    private readonly changed: () => void,
  ) {}

  get all(): Section[] {
    return [...this.byRoot.values()];
  }

  get(root: string): Section | undefined {
    return this.byRoot.get(root);
  }

  /** Loads the repositories that are new or changed (`all`: every one), and lets go of those gone. */
  async sync(all: boolean): Promise<void> {
    const repos = this.deps.git.repositories;
    const next = new Map<string, Section>();
    for (const repo of repos) {
      const section = this.byRoot.get(repo.root) ?? { repo, state: WAITING, generation: 0 };
      section.repo = repo;
      next.set(repo.root, section);
    }
    for (const [root, gone] of this.byRoot) if (!next.has(root)) this.stop(gone);
    this.byRoot = next;
    if (repos.length === 0) this.bare = this.deps.git.snapshot.kind === 'repository' ? WAITING : this.deps.git.snapshot;
    const loads = [...next.values()].filter((s) => all || s.loadedFor !== JSON.stringify(s.repo)).map((s) => this.load(s));
    this.changed();
    await Promise.all(loads);
  }

  async load(section: Section): Promise<void> {
    const generation = ++section.generation;
    section.loadedFor = JSON.stringify(section.repo);
    section.loading?.abort();
    section.loading = undefined;
    // Git first: without a branch there is nothing to ask, so no client is made and nothing waits.
    const fromGit = gitBranch(section.repo);
    if ('settled' in fromGit) return this.set(section, fromGit.settled);
    const controller = (section.loading = new AbortController());
    // Keep what is shown while the same branch reloads; another branch shows "loading" meanwhile.
    const loading = (branch: string) => {
      if (generation === section.generation && branchOf(section.state) !== branch) this.set(section, { kind: 'loading', branch });
    };
    const next = await this.loader.load(section.repo, controller.signal, loading).catch((error: unknown): AcrossResult | undefined => {
      if (controller.signal.aborted) return undefined; // a newer load took over
      this.deps.log.warn(
        `Loading the builds of the current branch failed: ${error instanceof ApiError ? `${error.kind}: ${error.message}` : String(error)}`,
      );
      return { state: { kind: 'failed', branch: branchOf(section.state) ?? '', error } };
    });
    // After a failure, the rest of the sweep is not wanted either.
    controller.abort();
    if (generation !== section.generation || !next || this.byRoot.get(section.repo.root) !== section) return;
    section.account = next.account;
    section.candidates = next.candidates;
    this.set(section, next.state);
  }

  /** Shows `state` in `section`: its builds are held, and read from the tracker from now on. */
  set(section: Section, state: BranchState): void {
    section.state = this.holds.held(section.repo.root, this.accountOf(section), state);
    this.changed();
  }

  private stop(section: Section): void {
    section.generation++;
    section.loading?.abort();
    this.holds.release(section.repo.root);
  }

  dispose(): void {
    for (const section of this.byRoot.values()) this.stop(section);
  }
}
