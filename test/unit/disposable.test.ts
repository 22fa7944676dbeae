// The Disposable base every long-lived class extends: what it registered is let go of once, in order.
import * as assert from 'node:assert/strict';
import { Disposable, DisposableStore } from '../../src/core/disposable';

class Owner extends Disposable {
  constructor(...items: { dispose(): void }[]) {
    super();
    this.register(...items);
  }
}

const recorder = (log: string[], name: string) => ({ dispose: () => void log.push(name) });

describe('Disposable', () => {
  it('lets go of what it registered, in order, and only once', () => {
    const log: string[] = [];
    const owner = new Owner(recorder(log, 'a'), recorder(log, 'b'));
    owner.dispose();
    owner.dispose();
    assert.deepEqual(log, ['a', 'b']);
  });

  it('a cleared store takes more, and lets those go at its end', () => {
    const log: string[] = [];
    const store = new DisposableStore();
    store.add(recorder(log, 'first'));
    store.clear();
    store.add(recorder(log, 'second'));
    store.dispose();
    assert.deepEqual(log, ['first', 'second']);
  });
});
