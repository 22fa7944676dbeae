// The fixes a failure message offers: their labels, the command behind each, and what a click on the
// failure in a view runs. Pure (no vscode): a notification's button and a view's node run the same command.
import * as l10n from '@vscode/l10n';
import { CommandId, type CommandIdValue } from '../../ids';
import type { FixAction, UserMessage } from './errorMessages';

// Getters: each label is read in the display language when it is shown, not fixed at load.
export const ACTION_LABELS: Readonly<Record<FixAction, string>> = {
  get openSettings() {
    return l10n.t('Open Settings');
  },
  get setAccessToken() {
    return l10n.t('Set Access Token');
  },
  get openDashboard() {
    return l10n.t('Open Dashboard');
  },
  get openStatusPage() {
    return l10n.t('Open Status Page');
  },
  get retry() {
    return l10n.t('Retry');
  },
  get showLog() {
    return l10n.t('Show Log');
  },
  get openProxySettings() {
    return l10n.t('Open Proxy Settings');
  },
  get allowUnencrypted() {
    return l10n.t('Allow…');
  },
};

/** The command behind each fix: a notification's button and a view's message node run the same one. */
export const FIX_COMMANDS: Record<FixAction, CommandIdValue> = {
  openSettings: CommandId.openSettings,
  setAccessToken: CommandId.setAccessToken,
  openDashboard: CommandId.openDashboard,
  openStatusPage: CommandId.openStatusPage,
  retry: CommandId.refresh,
  showLog: CommandId.showLog,
  openProxySettings: CommandId.openProxySettings,
  allowUnencrypted: CommandId.allowUnencrypted,
};

/** A fix as a click: VS Code's Command shape, without importing vscode. */
export interface FixCommand {
  readonly title: string;
  readonly command: CommandIdValue;
  readonly arguments?: unknown[];
}

/** One fix of a message as a click: Open Settings opens the setting the message names. */
export function fixCommand(message: UserMessage, action: FixAction): FixCommand {
  const fix = { title: ACTION_LABELS[action], command: FIX_COMMANDS[action] };
  return action === 'openSettings' && message.setting ? { ...fix, arguments: [message.setting] } : fix;
}

/** Clicking a failure in any view: retry (the view reloads only the failed node) if offered, else the first fix. */
export function viewFix(message: UserMessage, retry: Omit<FixCommand, 'title'> = { command: CommandId.refresh }): FixCommand {
  if (message.actions.includes('retry')) return { ...retry, title: ACTION_LABELS.retry };
  return fixCommand(message, message.actions[0] ?? 'showLog');
}
