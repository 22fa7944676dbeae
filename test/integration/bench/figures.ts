// What the views bench measured in the host, handed to test/host/benchViews.mjs as JSON: the suites
// fill it in as they go, and the entry (../benchViews.ts) writes it out when mocha is done.

export interface ViewFigures {
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
  /** The Build History panel: ms from its page handed to the webview to the first paint, per alternating run. */
  historyChart?: { builds: number; chartMs: number[]; emptyMs: number[] };
  /** Mocha failures: a step that could not measure what it should. */
  failures: string[];
}

export const figures: ViewFigures = { failures: [] };
