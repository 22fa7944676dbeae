// The extension under test as VS Code loaded it: its package.json, its exports and test hooks, the
// token in its secret storage and its log file.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { accountIdOf, secretKeyOf } from '../../src/core/accounts/accounts';
import type { BuildServiceExports } from '../../src/exports';
import { waitFor } from './wait';

export const EXTENSION_ID = 'buildservice.build-service';
export const TOKEN_ENV_VAR = 'BUILD_SERVICE_TOKEN';

/** The parts of package.json's `contributes` the tests read. */
export interface Contributes {
  commands?: { command: string }[];
  viewsContainers?: { activitybar?: { id: string; title: string }[] };
  views?: Record<string, { id: string; name: string }[]>;
  menus?: Record<string, { command: string; when?: string }[]>;
  configuration?: { properties?: Record<string, unknown> };
}

export function extension(): vscode.Extension<BuildServiceExports> {
  const ext = vscode.extensions.getExtension<BuildServiceExports>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext;
}

/**
 * The extension's main module as VS Code loaded it (the host's module cache holds one copy): what VS Code
 * calls `deactivate` on when the window closes.
 */
export function extensionModule(): { deactivate?: () => unknown } {
  const ext = extension();
  const main = (ext.packageJSON as { main: string }).main;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(ext.extensionPath, main)) as { deactivate?: () => unknown };
}

export function contributes(): Contributes {
  return (extension().packageJSON as { contributes?: Contributes }).contributes ?? {};
}

export async function extensionApi(): Promise<BuildServiceExports> {
  const api = await extension().activate();
  assert.ok(api.testing, 'the extension runs in ExtensionMode.Test, so its test hooks are there');
  return api;
}

export function testing(api: BuildServiceExports): NonNullable<BuildServiceExports['testing']> {
  assert.ok(api.testing);
  return api.testing;
}

/**
 * Writes (or deletes) the token of buildService.baseUrl's current address straight into the extension's
 * secret storage, as another window would. The extension learns of it only through secrets.onDidChange; wait for the view to follow.
 */
export async function storeToken(api: BuildServiceExports, token: string | undefined): Promise<void> {
  const { secrets, tokenSecretKey } = testing(api);
  if (token === undefined) await secrets.delete(tokenSecretKey);
  else await secrets.store(tokenSecretKey, token);
}

/** Stores `token` as the token of the account at `baseUrl`, as signing in to it (here or in another window) leaves it. */
export async function storeTokenFor(api: BuildServiceExports, baseUrl: string, token: string): Promise<void> {
  await testing(api).secrets.store(secretKeyOf(accountIdOf(baseUrl)), token);
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
  await waitFor(
    async () => {
      log = await readLog(api);
      return typeof text === 'string' ? log.includes(text) : text.test(log);
    },
    `log line ${String(text)}`,
    timeoutMs,
  );
  return log;
}
