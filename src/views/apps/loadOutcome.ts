/** What a load of the Apps view reports to the command that asked for it (Refresh, Set Access Token). */
export type LoadOutcome =
  | { status: 'loaded'; count: number }
  | { status: 'failed'; error: unknown }
  | { status: 'skipped'; reason: 'not-configured' | 'invalid-setting' | 'no-token' | 'superseded' };
