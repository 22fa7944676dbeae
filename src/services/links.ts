import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { SettingId } from '../ids';
import type { Log } from './log';
import { promptForSetting } from './settingPrompt';

/**
 * Opens a web page in the browser. Only http and https: the addresses come from settings and from
 * the service, and a `file:` or `command:` link must never be opened on their say-so.
 */
export async function openWebPage(address: string, log: Log): Promise<void> {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    log.warn(`Refused to open a link that is not http or https: ${address.slice(0, 200)}`);
    void vscode.window.showErrorMessage(l10n.t('Build Service opens only http:// and https:// links; this one was not opened.'));
    return;
  }
  log.info(`Opening ${url.origin}${url.pathname}`);
  await vscode.env.openExternal(vscode.Uri.parse(url.href, true));
}

/** When a page's address setting is empty: say which setting to set, and offer to open it. */
export function explainMissingAddress(setting: SettingId, page: string): void {
  promptForSetting(setting, l10n.t('To open {0}, set {1} to its address.', page, setting));
}
