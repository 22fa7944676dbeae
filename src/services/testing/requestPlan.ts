import vscode = require('vscode');
import { cancelled as lookCancelled } from '../../api/errors';
import { MAX_IN_FLIGHT } from '../../api/client/requestGate';

// Requests that only annotate what is shown: never from a background window (they wait for focus), at most
// MAX_IN_FLIGHT at a time (the client's own limit, one meaning), and dropped before they go when their look was cancelled.
export class RequestPlan implements vscode.Disposable {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly focus = new vscode.EventEmitter<void>();
  private readonly subscription = vscode.window.onDidChangeWindowState((state) => {
    if (state.focused) this.focus.fire();
  });
  /** For tests and the log: requests sent through the plan. */
  sent = 0;

  async run<T>(signal: AbortSignal, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    await this.focused(signal);
    await this.slot(signal);
    try {
      if (signal.aborted) throw lookCancelled();
      this.sent++;
      return await request(signal);
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  private focused(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(lookCancelled());
    if (vscode.window.state.focused) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        focused.dispose();
        signal.removeEventListener('abort', stop);
      };
      const focused = this.focus.event(() => {
        done();
        resolve();
      });
      const stop = () => {
        done();
        reject(lookCancelled());
      };
      signal.addEventListener('abort', stop);
    });
  }

  private slot(signal: AbortSignal): Promise<void> {
    if (this.inFlight < MAX_IN_FLIGHT) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal.removeEventListener('abort', stop);
        this.inFlight++;
        resolve();
      };
      const stop = () => {
        const index = this.waiting.indexOf(take);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(lookCancelled());
      };
      this.waiting.push(take);
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.focus.dispose();
  }
}
