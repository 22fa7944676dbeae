import { cancelled } from '../errors';

// Lives in the client because every caller shares the one client per service: the limit holds for the
// whole window, and callers asking the same thing at once share the answer without knowing of each other.

export const MAX_IN_FLIGHT = 4;

interface Waiter {
  start(): void;
}

interface SharedCall {
  promise: Promise<unknown>;
  /** Only when the first caller can abort: a caller that cannot keeps the request alive anyway. */
  controller?: AbortController;
  /** Callers still waiting; when the last one gives up, the request is aborted. */
  live: number;
}

export class RequestGate {
  private running = 0;
  private highWater = 0;
  private readonly queue: Waiter[] = [];
  private readonly shared = new Map<string, SharedCall>();

  constructor(private readonly slots = MAX_IN_FLIGHT) {}

  get inFlight(): number {
    return this.running;
  }

  get maxInFlight(): number {
    return this.highWater;
  }

  /** Runs `task` once a slot is free; a caller that aborts while queued never takes one. */
  limit<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled());
    // A free slot starts the task in this tick: no await on the way for the common case.
    if (this.tryAcquire()) return this.runHoldingSlot(task);
    return this.acquire(signal).then(() => this.runHoldingSlot(task));
  }

  /** Callers of a running `key` share its answer; an abort rejects only that caller, the request stops when all have. */
  share<T>(key: string, signal: AbortSignal | undefined, run: (signal?: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled());
    let call = this.shared.get(key);
    if (!call) {
      // Without a caller's signal nobody can abort, so skip the controller and the listeners undici hangs on it.
      const controller = signal ? new AbortController() : undefined;
      const entry: SharedCall = { controller, live: 0, promise: Promise.resolve() };
      entry.promise = run(controller?.signal).finally(() => {
        if (this.shared.get(key) === entry) this.shared.delete(key);
      });
      this.shared.set(key, entry);
      call = entry;
    }
    return this.join(key, call, signal) as Promise<T>;
  }

  private join(key: string, call: SharedCall, signal: AbortSignal | undefined): Promise<unknown> {
    call.live++;
    if (!signal) return call.promise;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        reject(cancelled());
        if (--call.live > 0) return;
        // Nobody wants the answer: stop it, and let the next caller start afresh.
        if (this.shared.get(key) === call) this.shared.delete(key);
        call.controller?.abort();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      call.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async runHoldingSlot<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private tryAcquire(): boolean {
    if (this.running >= this.slots) return false;
    this.running++;
    this.highWater = Math.max(this.highWater, this.running);
    return true;
  }

  private async acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw cancelled();
    if (this.tryAcquire()) return;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(cancelled());
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.queue.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Hands the slot straight to the next in line, so the count never dips and lets a newcomer jump the queue. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next.start();
    else this.running--;
  }
}
