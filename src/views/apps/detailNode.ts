import vscode = require('vscode');
import { rowAccessibleLabel } from '../../core/builds/accessibleLabels';
import type { DetailRow } from '../../core/builds/detailRows';
import type { Account } from '../../services/accounts/accounts';

export class DetailNode {
  readonly kind = 'detail';
  readonly children: DetailNode[];

  constructor(
    readonly row: DetailRow,
    readonly key: string,
    /** Whose build it details: a download link is fetched with that account's client. */
    readonly account?: Account,
  ) {
    this.children = (row.children ?? []).map((child, i) => new DetailNode(child, `${key}/${i}`, account));
  }

  toTreeItem(): vscode.TreeItem {
    const { row } = this;
    const state = this.children.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(row.label, state);
    item.id = `detail:${this.key}`;
    item.description = row.description;
    item.tooltip = row.tooltip;
    if (row.icon) item.iconPath = new vscode.ThemeIcon(row.icon);
    item.command = row.command;
    item.contextValue = row.contextValue ?? 'detail';
    item.accessibilityInformation = { label: row.accessibleLabel ?? rowAccessibleLabel(row.label, row.description) };
    return item;
  }
}
