import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Wired up by the sidebar work (issue 4).
}

export function deactivate(): void {}
