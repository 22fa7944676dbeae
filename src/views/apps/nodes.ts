import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App } from '../../api';
import { appAccessibleLabel, rowAccessibleLabel } from '../../core/builds/accessibleLabels';
import type { Account } from '../../services/accounts/accounts';
import { describeFilter, isFiltered, type BuildFilter } from '../../core/builds/filter';
import { filledText, shownText } from '../../core/text/serviceText';
import type { BuildNode } from './buildNode';
import type { MessageNode } from '../messageNode';
import type { DetailNode } from './detailNode';
import type { DeploymentGroupNode, DeploymentGroupsNode } from './groupNodes';

const PLATFORM_NAMES: Record<string, string> = { ios: 'iOS', android: 'Android' };

export class PlatformIcons {
  /** One icon per platform, shared by every app of it. */
  private readonly icons = new Map<string, vscode.TreeItem['iconPath']>();

  constructor(private readonly extensionUri: vscode.Uri) {}

  for(platform: string): vscode.TreeItem['iconPath'] {
    if (platform !== 'ios' && platform !== 'android') platform = '';
    let icon = this.icons.get(platform);
    if (!icon) {
      const file = (theme: string) => vscode.Uri.joinPath(this.extensionUri, 'media', 'platforms', `${platform}-${theme}.svg`);
      icon = platform ? { light: file('light'), dark: file('dark') } : new vscode.ThemeIcon('device-mobile');
      this.icons.set(platform, icon);
    }
    return icon;
  }
}

export class AppNode {
  readonly kind = 'app';
  /** Made once and kept while the app and its filter stay the same: a refresh redraws nothing new. */
  private item: vscode.TreeItem | undefined;

  constructor(
    readonly app: App,
    /** Whose app it is: its builds are asked for with this account's client. */
    readonly account: Account,
    private readonly icons: PlatformIcons,
    /** Survives reloads: the builds section keeps it by app id. */
    private buildFilter: BuildFilter = {},
    /** With several accounts the tree item's id names the account: two services may use one app id. */
    private readonly underAccount = false,
  ) {}

  get filter(): BuildFilter {
    return this.buildFilter;
  }

  set filter(filter: BuildFilter) {
    this.buildFilter = filter;
    this.item = undefined;
  }

  toTreeItem(): vscode.TreeItem {
    this.item ??= this.makeTreeItem();
    return this.item;
  }

  private makeTreeItem(): vscode.TreeItem {
    const { id, name, platform } = this.app;
    const label = shownText(name || id);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.underAccount ? `app:${this.account.id}/${id}` : `app:${id}`;
    item.iconPath = this.icons.for(platform);
    // A plain string, not Markdown, one line per fact: names come from the service.
    const platformText = platformName(platform);
    const filter = describeFilter(this.filter);
    item.tooltip = filledText(l10n.t('{0}\nApp ID: {1}\nPlatform: {2}'), [label, shownText(id), platformText]);
    item.description = filter || undefined;
    item.contextValue = isFiltered(this.filter) ? 'app.filtered' : 'app';
    item.accessibilityInformation = { label: appAccessibleLabel(label, platform ? platformText : '', filter) };
    return item;
  }
}

/** With two or more accounts, the top level: one per account, with its apps or why it has none. */
export class AccountNode {
  readonly kind = 'account';

  constructor(
    readonly account: Account,
    readonly children: readonly AppsTreeNode[],
    /** A few words: how many apps, or what is wrong. */
    readonly state: string,
  ) {}

  toTreeItem(): vscode.TreeItem {
    const { account } = this;
    const item = new vscode.TreeItem(account.label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `account:${account.id}`;
    item.iconPath = new vscode.ThemeIcon('account');
    // The host once: an account named after it does not repeat it.
    item.description = [account.label === account.host ? '' : account.host, this.state].filter(Boolean).join(' · ');
    item.tooltip = l10n.t('{0}\nAddress: {1}\n{2}', account.label, account.baseUrl || l10n.t('not valid'), this.state);
    item.contextValue = 'account';
    // Heard as words: the account, its host (no port digits read out), how it is.
    item.accessibilityInformation = { label: l10n.t('Account {0}, {1}', account.label, rowAccessibleLabel(account.hostName, this.state)) };
    return item;
  }
}

export type AppsTreeNode = AccountNode | AppNode | BuildNode | DetailNode | MessageNode | DeploymentGroupsNode | DeploymentGroupNode;

export function platformName(platform: string): string {
  return PLATFORM_NAMES[platform] ?? (platform ? shownText(platform) : l10n.t('unknown'));
}

export function sameApp(a: App, b: App): boolean {
  return a.name === b.name && a.platform === b.platform;
}

export function sameNodes(before: readonly AppsTreeNode[] | undefined, after: readonly AppsTreeNode[]): boolean {
  return before !== undefined && before.length === after.length && before.every((node, i) => node === after[i]);
}
