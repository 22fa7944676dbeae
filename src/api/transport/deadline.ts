// undici's timeouts are idle timeouts, reset by every byte: an answer that trickles in would hold a slot
// for ever. So buildService.requestTimeoutSeconds is a deadline for the whole request.

/** The abort reason of a request stopped by its deadline, told apart from its caller's own abort. */
export class DeadlinePassed extends Error {
  override readonly name = 'DeadlinePassed';
}

/** One request's time, retries included, counted from when it holds a slot: each holder ahead is bound
 * by its own deadline. */
export class Deadline {
  /** Aborts when the deadline passes or the caller aborts, whichever first; undici and the wait between
   * attempts listen to it. */
  readonly signal: AbortSignal;
  /** Date.now() at which it passes. */
  readonly endsAt: number;
  /** Rejects once the deadline has passed, after the work's own abort had its turn. */
  readonly expired: Promise<never>;
  // Not AbortSignal.timeout: a request that ends in time clears its timer instead of leaving it to run out.
  private readonly own = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private backstop: ReturnType<typeof setImmediate> | undefined;

  constructor(ms: number, caller: AbortSignal | undefined, failure: () => Error) {
    this.endsAt = Date.now() + ms;
    this.signal = caller ? AbortSignal.any([this.own.signal, caller]) : this.own.signal;
    let reject!: (error: Error) => void;
    this.expired = new Promise<never>((_, r) => (reject = r));
    this.expired.catch(() => undefined);
    this.timer = setTimeout(() => {
      this.own.abort(new DeadlinePassed());
      // Frees the slot even if the work ignores the abort (a token read that hangs); after a turn,
      // so that an aborted request fails first in its own words (transportFailure.ts).
      this.backstop = setImmediate(() => reject(failure()));
    }, ms);
  }

  get passed(): boolean {
    return this.signal.reason instanceof DeadlinePassed;
  }

  end(): void {
    clearTimeout(this.timer);
    if (this.backstop) clearImmediate(this.backstop);
  }
}
