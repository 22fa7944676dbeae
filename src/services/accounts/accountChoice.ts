import * as l10n from '@vscode/l10n';
import { chooseAccount } from '../../core/accounts/accounts';
import { noticeText } from '../../core/text/serviceText';
import { Setting } from '../../ids';
import type { Log } from '../log';
import { promptForSetting } from '../settingPrompt';
import type { SettingsService } from '../settings';

/** Which account a window acts for: buildService.account's label, else the first; a label that names none is said once. */
export class AccountChoice {
  private chosenLabel: string | undefined;
  private readonly unknownLabels = new Set<string>();

  constructor(
    private readonly settings: SettingsService,
    private readonly log: Log,
  ) {}

  choose<T extends { readonly label: string }>(accounts: readonly T[]): T | undefined {
    const wanted = this.settings.value.account;
    this.chosenLabel ??= wanted;
    const { account, unknown } = chooseAccount(accounts, wanted);
    if (unknown) this.reportUnknown(wanted);
    return account;
  }

  /** Whether buildService.account now names another label than the one last used. */
  changed(label: string): boolean {
    if (label === this.chosenLabel) return false;
    this.chosenLabel = label;
    return true;
  }

  private reportUnknown(label: string): void {
    if (this.unknownLabels.has(label)) return;
    this.unknownLabels.add(label);
    const message = noticeText(
      l10n.t('{0} names no account of yours: {1}. Nothing changes: the first account is used.'),
      Setting.account,
      label,
    );
    this.log.warn(message);
    promptForSetting(Setting.account, message, 'warning');
  }
}
