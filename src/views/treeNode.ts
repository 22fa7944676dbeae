// Which node of the two trees an object is, asked across bundles. The Apps view's nodes are made in
// dist/apps.js and the commands that receive them run in dist/commands.js; each bundle has its own
// copy of a class it imports, so `node instanceof AppNode` would be false there. A registered symbol
// is the same in every bundle, and a command's JSON arguments (a keybinding's args) cannot carry it.
// Pure (no vscode), so any bundle may import it.

/** Set on every node of either view (`readonly [TREE_NODE] = true`). */
export const TREE_NODE: unique symbol = Symbol.for('buildService.treeNode') as never;

/** A node of either view whose `kind` is `kind`, whichever bundle made it. */
export function isTreeNode<T extends { readonly kind: string }>(value: unknown, kind: T['kind']): value is T {
  return (
    typeof value === 'object' && value !== null && (value as { [TREE_NODE]?: unknown })[TREE_NODE] === true && (value as T).kind === kind
  );
}
