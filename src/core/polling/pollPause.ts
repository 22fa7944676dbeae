// When polling leaves an account alone after failed rounds: its Retry-After (429/503), or a backoff that
// doubles while rounds keep failing. Pure; the poller tells it each round's outcome per account.

/** A Retry-After is honoured up to an hour: longer is likely a misconfigured service, and an hour still spares it. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** Failed rounds in a row wait 15 s, 30 s, 60 s… up to 10 minutes before the account is asked again. */
export const FIRST_BACKOFF_MS = 15_000;
export const MAX_BACKOFF_MS = 10 * 60_000;
/** This many failed rounds in a row (or one the service asked to wait after) are worth one notice. */
export const NOTICE_AFTER_FAILURES = 3;

interface Paused {
  failures: number;
  until: number;
  noticed: boolean;
}

export class PollPauses {
  private readonly accounts = new Map<string, Paused>();

  /** `timeScale` shortens every pause as the test host's schedule is shortened (1: real time). */
  constructor(private readonly timeScale = 1) {}

  /** A round of `owner` failed; true when this is the outage's one notice. */
  failed(owner: string, now: number, retryAfterMs?: number): boolean {
    const state = this.accounts.get(owner) ?? { failures: 0, until: now, noticed: false };
    state.failures++;
    const backoff = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (state.failures - 1));
    state.until = now + Math.round(this.timeScale * Math.max(backoff, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)));
    this.accounts.set(owner, state);
    const notice = !state.noticed && (retryAfterMs !== undefined || state.failures >= NOTICE_AFTER_FAILURES);
    if (notice) state.noticed = true;
    return notice;
  }

  /** A round of `owner` was answered: the next failure starts from the first backoff and may be told again. */
  succeeded(owner: string): void {
    this.accounts.delete(owner);
  }

  clear(): void {
    this.accounts.clear();
  }

  /** When the pause of `owner` ends; undefined: not paused. */
  pausedUntil(owner: string, now: number): number | undefined {
    const until = this.accounts.get(owner)?.until;
    return until !== undefined && until > now ? until : undefined;
  }
}
