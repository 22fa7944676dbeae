// Shared by the sidebar suites (issue 4): the extension's exports, the reference service running in
// this extension-host process, settings, the stored token, the Apps view's content and the log file.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { BuildServiceExports } from '../../src/exports';
import { startService, type RunningService } from '../service/server';
import * as ui from './ui';

export const EXTENSION_ID = 'buildservice.build-service';
export const TOKEN_ENV_VAR = 'BUILD_SERVICE_TOKEN';

export async function extensionApi(): Promise<BuildServiceExports> {
  const ext = vscode.extensions.getExtension<BuildServiceExports>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  const api = await ext.activate();
  assert.ok(api.testing, 'the extension runs in ExtensionMode.Test, so its test hooks are there');
  return api;
}

export function testing(api: BuildServiceExports): NonNullable<BuildServiceExports['testing']> {
  assert.ok(api.testing);
  return api.testing;
}

export async function setSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('buildService').update(name, value, vscode.ConfigurationTarget.Global);
}

/** A fresh service, the address setting pointing at it, nothing stored and no environment token. */
export async function startSidebarService(api: BuildServiceExports): Promise<RunningService> {
  const service = await startService();
  delete process.env[TOKEN_ENV_VAR];
  await storeToken(api, undefined);
  await setSetting('baseUrl', service.baseUrl);
  return service;
}

export async function resetSettings(): Promise<void> {
  for (const name of ['baseUrl', 'dashboardUrl', 'statusUrl', 'requestTimeoutSeconds']) await setSetting(name, undefined);
}

/**
 * Writes (or deletes) the token straight into the extension's secret storage, as another window
 * would. The extension learns of it only through secrets.onDidChange; wait for the view to follow.
 */
export async function storeToken(api: BuildServiceExports, token: string | undefined): Promise<void> {
  const { secrets, tokenSecretKey } = testing(api);
  if (token === undefined) await secrets.delete(tokenSecretKey);
  else await secrets.store(tokenSecretKey, token);
}

export interface ShownItem {
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  command?: string;
  icon?: string;
}

/** The Apps view's top level, as VS Code reads it from the provider. */
export async function shownItems(api: BuildServiceExports): Promise<ShownItem[]> {
  const nodes = await api.apps.getChildren();
  return nodes.map((node) => {
    const item = api.apps.getTreeItem(node);
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : (item.iconPath as { light?: vscode.Uri } | undefined)?.light?.path.split('/').pop();
    return {
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: typeof item.description === 'string' ? item.description : undefined,
      tooltip: typeof item.tooltip === 'string' ? item.tooltip : undefined,
      contextValue: item.contextValue,
      command: item.command?.command,
      icon,
    };
  });
}

export async function readLog(api: BuildServiceExports): Promise<string> {
  try {
    return await readFile(testing(api).logFile.fsPath, 'utf8');
  } catch {
    return '';
  }
}

/** The log is written asynchronously; wait until it holds `text`. */
export async function waitForLog(api: BuildServiceExports, text: string | RegExp, timeoutMs = 10_000): Promise<string> {
  let log = '';
  await waitFor(async () => {
    log = await readLog(api);
    return typeof text === 'string' ? log.includes(text) : text.test(log);
  }, `log line ${String(text)}`, timeoutMs);
  return log;
}

export async function waitFor(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs} ms`);
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Toasts that appear within `ms`, for checking that nothing new is shown. */
export async function notificationsAfter(ms: number): Promise<ui.VisibleNotification[]> {
  await sleep(ms);
  return ui.notifications();
}

/** Opens the Build Service side bar with the Apps view, as a user clicking the activity-bar entry. */
export async function openAppsView(): Promise<void> {
  await vscode.commands.executeCommand('buildService.apps.focus');
}

/** The welcome view's paragraphs and buttons as rendered (web host only). */
export async function welcomeTexts(): Promise<string[]> {
  return ui.texts('.welcome-view-content p, .welcome-view-content .monaco-button, .welcome-view-content a');
}
