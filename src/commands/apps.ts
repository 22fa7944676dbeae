import * as vscode from 'vscode';
import type { Services } from '../services';
import { AppNode } from '../views/apps/nodes';

/** Reloads the Apps view; a failure is shown by the presenter and left as an error node. */
export async function refresh(s: Services): Promise<void> {
  await s.apps.refresh();
}

export async function copyAppId(s: Services, node?: unknown): Promise<void> {
  const app = node instanceof AppNode ? node : s.appsView.selection.find((n) => n instanceof AppNode);
  if (!app) return;
  await vscode.env.clipboard.writeText(app.app.id);
  // A status-bar note rather than a toast: copying is routine and needs no attention.
  vscode.window.setStatusBarMessage(`Copied the app ID of ${app.app.name}`, 3000);
}

export function showLog(s: Services): void {
  s.log.show();
}
