import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { messageAccessibleLabel } from '../core/builds/accessibleLabels';
import { viewFix, type FixCommand } from '../core/text/fixActions';
import type { Account } from '../services/accounts/accounts';
import { accountFix, type ErrorPresenter } from '../services/errorPresenter';

/** A line that is not data (a failure and its fix, an empty list); one class, so every view reads alike. */
export class MessageNode {
  readonly kind = 'message';

  /** Never Markdown: it may quote the service. */
  readonly detail?: string;
  readonly fix?: FixCommand;
  /** Unique among its siblings, so VS Code keeps the node's place across redraws. */
  readonly key?: string;

  constructor(
    readonly label: string,
    readonly icon: string,
    { detail, fix, key }: { detail?: string; fix?: FixCommand; key?: string } = {},
  ) {
    this.detail = detail;
    this.fix = fix;
    this.key = key;
  }

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    if (this.key) item.id = `message:${this.key}`;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.description = this.fix?.title;
    // "Click to set access token." reads right with the title in lower case; other languages keep its case.
    const action = this.fix && vscode.env.language.startsWith('en') ? this.fix.title.toLowerCase() : this.fix?.title;
    const click = action ? l10n.t('Click to {0}.', action) : '';

    item.tooltip = [this.detail, click].filter(Boolean).join('\n') || undefined;
    item.command = this.fix ? { title: this.fix.title, command: this.fix.command, arguments: this.fix.arguments } : undefined;
    item.contextValue = 'message';
    // The icon is the only other sign of an error: the listener hears it in words.
    const kind = this.icon === 'error' || this.icon === 'warning' ? this.icon : 'other';
    item.accessibilityInformation = { label: messageAccessibleLabel(kind, this.label, this.fix?.title) };
    return item;
  }
}

export interface ErrorNodeOptions {
  /** What the node's Retry runs (the view's refresh, else the failed node's). */
  retry?: Omit<FixCommand, 'title'>;
  /** Whose request failed: Set Access Token then sets that account's. */
  account?: Account;
  key?: string;
}

/** A failure as every view shows it: the presenter's words, and the click that fixes it. Empty when there is nothing to say. */
export function errorNodes(presenter: ErrorPresenter, error: unknown, { retry, account, key }: ErrorNodeOptions = {}): MessageNode[] {
  const message = presenter.describe(error);
  if (!message) return [];
  const fix = accountFix(viewFix(message, retry), account);
  return [new MessageNode(message.short, message.severity, { detail: message.message, fix, key })];
}
