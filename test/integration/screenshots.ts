// With BUILD_SERVICE_SCREENSHOTS=<folder>: pictures of the workbench for a person to look at (the README's
// are chosen from them and copied into media/); without it, nothing.
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as ui from './ui';

/** Saves the workbench as `name` in the screenshots folder, the harness's own notices cleared first. */
export async function screenshot(name: string): Promise<void> {
  const folder = process.env.BUILD_SERVICE_SCREENSHOTS;
  if (!folder) return;
  await vscode.commands.executeCommand('notifications.clearAll');
  // Let the workbench draw what the clear and the last change moved.
  await new Promise((resolve) => setTimeout(resolve, 800));
  await ui.screenshot(path.join(folder, name));
}
