// What VS Code loads (package.json "main"): the extension itself is dist/extension.js, run through the
// bundle loader so that a window starts from the code cache an earlier one saved in global storage.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { BundleLoader, type Compiled } from './bundleLoader';
import type { BuildServiceExports } from './exports';

interface Extension {
  activate(context: vscode.ExtensionContext): BuildServiceExports;
  deactivate(): void;
}

let loader: BundleLoader | undefined;
let extension: Extension | undefined;

export function activate(context: vscode.ExtensionContext): BuildServiceExports {
  const storage = context.globalStorageUri;
  loader = new BundleLoader(__dirname, { cacheDir: storage.scheme === 'file' ? path.join(storage.fsPath, 'code-cache') : undefined });
  extension = loader.load('extension.js') as Extension;
  return extension.activate(context);
}

export function deactivate(): void {
  extension?.deactivate();
}

/** The bundles this window has loaded and how each was compiled (the activation bench reads it). */
export function loadedBundles(): ReadonlyMap<string, Compiled> {
  return loader?.loaded() ?? new Map();
}
