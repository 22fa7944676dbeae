// What an object owns and lets go of once: the Disposable base every long-lived class extends, so that
// none writes its own loop. Plain TypeScript: VS Code's Disposable fits `Releasable` by its shape.

export interface Releasable {
  dispose(): unknown;
}

/** Holds disposables until cleared; a cleared store takes more (a Git API's listeners, renewed). */
export class DisposableStore {
  private items: Releasable[] = [];

  add<T extends Releasable>(item: T): T {
    this.items.push(item);
    return item;
  }

  /** Lets go of everything held, in the order it came. */
  clear(): void {
    const items = this.items;
    this.items = [];
    for (const item of items) item.dispose();
  }

  dispose(): void {
    this.clear();
  }
}

/** A class that owns what it registers; a subclass with more to end overrides dispose() and calls super's. */
export abstract class Disposable {
  private readonly owned = new DisposableStore();

  protected register(...items: Releasable[]): void {
    for (const item of items) this.owned.add(item);
  }

  dispose(): void {
    this.owned.dispose();
  }
}
