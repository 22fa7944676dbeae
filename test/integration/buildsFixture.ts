// Shared by the builds suites (issue 5): the Apps view's nodes below the apps, as VS Code reads
// them, and the service's request record by route.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import type { AppsTreeNode } from '../../src/views/apps/nodes';

export { ANDROID_2048, IOS_2048 } from '../service/seedCatalog';

export interface ItemText {
  label: string;
  description: string;
  tooltip: string;
  icon: string;
  contextValue: string;
  collapsible: boolean;
  command?: vscode.Command;
}

export function textOf(api: BuildServiceExports, node: AppsTreeNode): ItemText {
  const item = api.apps.getTreeItem(node);
  return {
    label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
    description: typeof item.description === 'string' ? item.description : '',
    tooltip: typeof item.tooltip === 'string' ? item.tooltip : '',
    icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : '',
    contextValue: item.contextValue ?? '',
    collapsible: item.collapsibleState !== vscode.TreeItemCollapsibleState.None,
    command: item.command,
  };
}

export async function appNode(api: BuildServiceExports, appId: string): Promise<AppsTreeNode> {
  const node = (await api.apps.getChildren()).find((n) => n.kind === 'app' && n.app.id === appId);
  assert.ok(node, `app ${appId} is listed`);
  return node;
}

export async function setBuildSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('buildService').update(name, value, vscode.ConfigurationTarget.Global);
}

/** The token reaches the extension through secrets.onDidChange; wait until the apps are listed. */
export async function waitForApps(api: BuildServiceExports): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await api.apps.getChildren()).filter((n) => n.kind === 'app').length === 0) {
    if (Date.now() > deadline) throw new Error('no apps listed after 10 s');
    await api.apps.refresh();
    await new Promise((r) => setTimeout(r, 100));
  }
}
