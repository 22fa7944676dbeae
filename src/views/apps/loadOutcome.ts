// What a load of the Apps view reports to the commands that asked for it (Refresh, Set Access Token).

/** How a load ended: the count on success, the failure, or why nothing was asked. */
export type LoadOutcome =
  | { status: 'loaded'; count: number }
  | { status: 'failed'; error: unknown }
  | { status: 'skipped'; reason: 'not-configured' | 'invalid-setting' | 'no-token' | 'superseded' };
