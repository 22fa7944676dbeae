// What the views bench measured in the host, handed to test/host/benchViews.mjs as JSON: the suites
// fill it in as they go, and the entry (../benchViews.ts) writes it out when mocha is done.

/** The requests the reference service saw during one step, all routes together. */
export interface RequestCount {
  total: number;
  /** GET /apps */
  appLists: number;
  /** GET /apps/:app_id/builds */
  buildLists: number;
  /** GET /builds/:build_id */
  buildPolls: number;
}

export interface ViewFigures {
  /** Two Refresh commands at once, nothing expanded. */
  twoRefreshes?: RequestCount;
  /** A Refresh with N apps expanded in the Apps view, by N. */
  refreshExpanded: Record<string, RequestCount>;
  /** Two Refresh commands at once with the most apps expanded. */
  twoRefreshesExpanded?: RequestCount & { expanded: number };
  /** Idle, every build shown finished: seconds waited, requests seen. */
  idle?: RequestCount & { seconds: number; expanded: number };
  /** The window really unfocused (or why it could not be) with unfinished builds followed. */
  unfocused?: RequestCount & { seconds: number; followed: number; pollsAfterFocus: number };
  unfocusedNotMeasured?: string;
  /**
   * Looking for new builds of the current branch, nothing of it running: the requests of `minutes` of
   * the schedule, run in the host at `scale` (a minute lasts 60 000 × scale ms), focused and unfocused.
   */
  branchWatch?: { apps: number; minutes: number; scale: number; focused: RequestCount; unfocused?: RequestCount };
  branchUnfocusedNotMeasured?: string;
  /** Unfinished builds of `apps` apps followed while polling: requests over `polls` polls. */
  followLists?: RequestCount & { apps: number; followed: number; polls: number };
  /** Current Branch filled with `apps` apps, `matched` building the repository: a window new to them, then one that knows them. */
  branchFill?: { apps: number; matched: number; cold: RequestCount; warm: RequestCount };
  /** 10,000 apps: the provider's children and tree items against plain TreeItems, per alternating run. */
  treeItems?: {
    apps: number;
    providerMs: number[];
    /** Of providerMs, the part spent in getChildren (it makes the nodes and sorts them by name). */
    childrenMs: number[];
    plainMs: number[];
    providerBytes: number[];
    plainBytes: number[];
    /** How the heap was read: after a forced GC, or after a settle when no GC could be forced. */
    heapReading: string;
  };
  /** Mocha failures: a step that could not measure what it should. */
  failures: string[];
}

export const figures: ViewFigures = { refreshExpanded: {}, failures: [] };
