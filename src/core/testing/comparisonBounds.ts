// How much the window keeps of comparisons and flaky counts (comparisonStore.ts), by kind.
/**
 * Entries kept of each kind; the least recently used goes first. A flaky count needs its branch's last
 * N failed-test lists at once (10 by default, FLAKY_BUILDS_MAX 50), so the lists hold a count and more.
 * Each entry is also weighed against the window's one ceiling (CACHED_ANSWERS_MIB), shared by every kind.
 */
export const CACHE_BOUNDS = {
  /** Comparisons, by build and base branch. */
  comparisons: 100,
  /** Failed-test lists, by build. */
  failedTests: 64,
  /** Lists of a branch's builds, by app and branch. */
  builds: 32,
  /** An app's default branch (main or master), by app. */
  defaults: 32,
  /** Flaky reports, by app, branch and number of builds. */
  reports: 16,
} as const;

export type CacheName = keyof typeof CACHE_BOUNDS;
