import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { loggableUrl } from '../api/downloads/download';
import { loggedText, noticeText } from '../core/text/serviceText';
import type { SettingId } from '../ids';
import type { Log } from './log';
import { notify } from './notify';
import { promptForSetting } from './settingPrompt';

/** Only http(s): addresses from settings and the service must never open a `file:` or `command:` link. */
export async function openWebPage(address: string, log: Log): Promise<void> {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    log.warn(`Refused to open a link that is not http or https: ${loggedText(address.slice(0, 200))}`);
    void notify('error', noticeText(l10n.t('Build Service opens only http:// and https:// links; this one was not opened.')));
    return;
  }
  log.info(`Opening ${loggableUrl(url)}`);
  await vscode.env.openExternal(vscode.Uri.parse(url.href, true));
}

export function explainMissingAddress(setting: SettingId, page: string): void {
  promptForSetting(setting, noticeText(l10n.t('To open {0}, set {1} to its address.'), page, setting));
}
