// Stands in for `vscode` when a bundle is loaded outside the host (requireOnce.ts): any member is a
// empty class, enough for what a bundle does at load (e.g. `class X extends vscode.TreeItem`).
module.exports = new Proxy({}, { get: () => class {} });
