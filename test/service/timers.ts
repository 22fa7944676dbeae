// Every timer the service starts, so close() can clear them all and the process can exit.

export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      run();
    }, ms);
    this.pending.add(timer);
  }

  every(ms: number, run: () => void): void {
    this.pending.add(setInterval(run, ms));
  }

  clearAll(): void {
    // clearTimeout also clears intervals in Node.
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
