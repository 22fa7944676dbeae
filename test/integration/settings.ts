// The extension's settings, as a user sets them (user settings, i.e. the Global target). The list
// of settings is read from package.json, so a setting added there is reset here without anyone
// remembering to.
import * as assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import { contributes } from './extension';
import * as ui from './ui';

const SECTION = 'buildService';

/** Every buildService.* setting package.json contributes, without the prefix (e.g. 'baseUrl'). */
export function settingNames(): string[] {
  const names = Object.keys(contributes().configuration?.properties ?? {})
    .filter((key) => key.startsWith(`${SECTION}.`))
    .map((key) => key.slice(SECTION.length + 1));
  assert.ok(names.length > 0, `package.json contributes no ${SECTION}.* settings`);
  return names;
}

/** Sets one setting in the user settings; `undefined` removes it, so its default applies. */
export async function setSetting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update(name, value, vscode.ConfigurationTarget.Global);
}

/**
 * Makes every buildService.* user setting `values[name]`, or its default where `values` has none.
 * Only the settings that differ are written, so the extension sees a change event only for those.
 */
export async function applySettings(values: Record<string, unknown> = {}): Promise<void> {
  const names = settingNames();
  const unknown = Object.keys(values).filter((name) => !names.includes(name));
  assert.deepEqual(unknown, [], `not settings of package.json: ${unknown.join(', ')}`);
  for (const name of names) {
    const current = vscode.workspace.getConfiguration(SECTION).inspect(name)?.globalValue;
    if (!isDeepStrictEqual(current, values[name])) await setSetting(name, values[name]);
  }
}

/** Every buildService.* setting back to its default. */
export function resetSettings(): Promise<void> {
  return applySettings({});
}

/** A VS Code `http.*` setting (proxy, certificates), in the user's settings; undefined removes it. */
export async function setHttp(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('http').update(name, value, vscode.ConfigurationTarget.Global);
}

/** The notice of an Open command whose address is not set: "To open <what>, set <setting> to its address.", and Open Settings. */
export async function waitForAddressNotice(what: string, setting: string): Promise<void> {
  assert.deepEqual(await ui.waitForNotification(setting), {
    message: `To open ${what}, set ${setting} to its address.`,
    severity: 'info',
    actions: ['Open Settings'],
  });
}
