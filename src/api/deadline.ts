import { EventEmitter } from 'node:events';

// undici's timeouts are idle timeouts, reset by every byte: an answer that trickles in would hold a slot
// for ever. So buildService.requestTimeoutSeconds is a deadline for the whole request.

/** The abort reason of a request stopped by its deadline, told apart from its caller's own abort. */
export class DeadlinePassed extends Error {
  override readonly name = 'DeadlinePassed';
}

/**
 * How a request is stopped: undici and the wait between attempts listen to it. An EventEmitter,
 * which undici takes as a signal, because an AbortController costs more than a small request.
 */
export class StopSignal extends EventEmitter {
  aborted = false;
  reason: unknown;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

/** One request's time, retries included, counted from when it holds a slot: each holder ahead is bound
 * by its own deadline. */
export class Deadline {
  /** Aborts when the deadline passes or the caller aborts, whichever first. */
  readonly signal = new StopSignal();
  /** Date.now() at which it passes. */
  readonly endsAt: number;
  /** Rejects once the deadline has passed, after the work's own abort had its turn. */
  readonly expired: Promise<never>;
  private readonly timer: ReturnType<typeof setTimeout>;
  private backstop: ReturnType<typeof setImmediate> | undefined;
  private readonly detach: (() => void) | undefined;

  constructor(ms: number, caller: AbortSignal | undefined, failure: () => Error) {
    this.endsAt = Date.now() + ms;
    let reject!: (error: Error) => void;
    this.expired = new Promise<never>((_, r) => (reject = r));
    this.expired.catch(() => undefined);
    this.timer = setTimeout(() => {
      this.signal.abort(new DeadlinePassed());
      // Frees the slot even if the work ignores the abort (a token read that hangs); after a turn,
      // so that an aborted request fails first in its own words (transportFailure.ts).
      this.backstop = setImmediate(() => reject(failure()));
    }, ms);
    if (caller) {
      const onAbort = (): void => this.signal.abort(caller.reason);
      caller.addEventListener('abort', onAbort, { once: true });
      this.detach = () => caller.removeEventListener('abort', onAbort);
    }
  }

  get passed(): boolean {
    return this.signal.reason instanceof DeadlinePassed;
  }

  end(): void {
    clearTimeout(this.timer);
    if (this.backstop) clearImmediate(this.backstop);
    this.detach?.();
  }
}
