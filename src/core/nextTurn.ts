/** Resolves after the event loop has had a turn (I/O included): long work in steps lets the extension host answer between them. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
