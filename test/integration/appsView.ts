// The Apps view: its items as VS Code reads them from the extension's tree provider, and the view
// as the workbench draws it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import type { AppsTreeNode } from '../../src/views/apps/nodes';
import * as ui from './ui';
import { waitFor } from './wait';

/** A tree item as the user sees it; absent texts are ''. */
export interface ItemText {
  label: string;
  description: string;
  tooltip: string;
  /** A theme icon's id, or the file name of a light-theme icon (e.g. 'ios-light.svg'). */
  icon: string;
  contextValue: string;
  collapsible: boolean;
  command?: vscode.Command;
  /** What a screen reader says (accessibilityInformation's label); '' when the item sets none. */
  accessibleName: string;
}

export function textOf(api: BuildServiceExports, node: AppsTreeNode): ItemText {
  const item = api.apps.getTreeItem(node);
  return {
    label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
    description: typeof item.description === 'string' ? item.description : '',
    tooltip: typeof item.tooltip === 'string' ? item.tooltip : '',
    icon: iconName(item.iconPath),
    contextValue: item.contextValue ?? '',
    collapsible: item.collapsibleState !== vscode.TreeItemCollapsibleState.None,
    command: item.command,
    accessibleName: item.accessibilityInformation?.label ?? '',
  };
}

function iconName(icon: vscode.TreeItem['iconPath']): string {
  if (icon instanceof vscode.ThemeIcon) return icon.id;
  return (icon as { light?: vscode.Uri } | undefined)?.light?.path.split('/').pop() ?? '';
}

/** The Apps view's top level, as VS Code reads it from the provider. */
export async function shownItems(api: BuildServiceExports): Promise<ItemText[]> {
  return (await api.apps.getChildren()).map((node) => textOf(api, node));
}

/** Refreshes the Apps view until its row labels pass `check` (a network change takes a request or two to show). */
export async function refreshUntil(api: BuildServiceExports, what: string, check: (labels: string[]) => boolean): Promise<void> {
  await waitFor(
    async () => {
      await api.apps.refresh();
      return check((await shownItems(api)).map((item) => item.label));
    },
    what,
    20_000,
  );
}

export async function appNode(api: BuildServiceExports, appId: string): Promise<AppsTreeNode> {
  const node = (await api.apps.getChildren()).find((n) => n.kind === 'app' && n.app.id === appId);
  assert.ok(node, `app ${appId} is listed`);
  return node;
}

/** The token reaches the extension through secrets.onDidChange; wait until the apps are listed. */
export async function waitForApps(api: BuildServiceExports): Promise<void> {
  await waitFor(async () => {
    if ((await api.apps.getChildren()).some((n) => n.kind === 'app')) return true;
    await api.apps.refresh();
    return false;
  }, 'apps listed');
}

/** The rows the workbench draws in one view of the Build Service side bar (its header's label starts with the name). */
export function drawnRows(view: 'Apps' | 'Current Branch'): Promise<string[]> {
  return ui.texts(`.sidebar .pane:has(.pane-header[aria-label^="${view}"]) .monaco-list-row`);
}

/** How long the Apps view must have asked VS Code for no redraw before a suite's tests start. */
const APPS_QUIET_MS = 500;

/**
 * Waits until the workbench has drawn the apps and the view has asked for no redraw for a moment. VS Code's
 * tree takes the keyboard focus back when a redraw ends while it had it, closing a quick pick shown in that
 * instant: the likely cause of builds.filter's first pick never showing on a loaded machine.
 */
export async function waitForAppsDrawn(api: BuildServiceExports): Promise<void> {
  const names = (await api.apps.getChildren()).flatMap((n) => (n.kind === 'app' ? [textOf(api, n).label] : []));
  let lastRedraw = Date.now();
  const subscription = api.apps.onDidChangeTreeData(() => (lastRedraw = Date.now()));
  try {
    await waitFor(
      async () =>
        Date.now() - lastRedraw >= APPS_QUIET_MS && (await drawnRows('Apps')).some((row) => names.some((name) => row.startsWith(name))),
      'the apps drawn in the Apps view, and no redraw asked for since',
    );
  } finally {
    subscription.dispose();
  }
}

/** Opens the Build Service side bar with the Apps view, as a user clicking the activity-bar entry. */
export async function openAppsView(): Promise<void> {
  await vscode.commands.executeCommand('buildService.apps.focus');
}

/**
 * Expands or selects a node the way a click does. Right after the view opens, the workbench may not
 * have drawn the node yet and answers "node not found" (NOTES.md of the web host): try again briefly.
 */
export async function reveal(
  api: BuildServiceExports,
  node: AppsTreeNode,
  options: { expand?: boolean; select?: boolean; focus?: boolean },
): Promise<void> {
  const view = api.testing?.appsView;
  assert.ok(view, 'the Apps view is exposed to tests');
  let lastError: unknown;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await view.reveal(node, options);
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw lastError;
}

/** The welcome view's paragraphs and buttons as rendered (web host only). */
export async function welcomeTexts(): Promise<string[]> {
  return ui.texts('.welcome-view-content p, .welcome-view-content .monaco-button, .welcome-view-content a');
}
