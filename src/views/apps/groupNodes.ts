import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Account } from '../../services/accounts/accounts';
import type { App, BuildServiceClient, DeploymentGroup } from '../../api';
import { groupAccessibleLabel } from '../../core/builds/accessibleLabels';
import { shownText } from '../../core/text/serviceText';
import { CommandId } from '../../ids';
import type { ErrorPresenter } from '../../services/errorPresenter';
import type { Log } from '../../services/log';
import { uniqueById } from '../../services/uniqueLists';
import { errorNodes, MessageNode } from '../messageNode';

const TESTERS_LISTED = 20;

/** The "Deployment Groups" row under an app; its groups are asked for each time it is expanded. */
export class DeploymentGroupsNode {
  readonly kind = 'groups';

  /** `app` is the app's node, which Retry asks again (typed by shape: nodes.ts imports this file). */
  constructor(readonly app: { readonly kind: 'app'; readonly app: App; readonly account: Account }) {}

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(l10n.t('Deployment Groups'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `groups:${this.app.account.scoped(this.app.app.id)}`;
    item.iconPath = new vscode.ThemeIcon('rocket');
    item.tooltip = l10n.t('The deployment groups of {0}: who gets its builds.', shownText(this.app.app.name || this.app.app.id));
    item.contextValue = 'deploymentGroups';
    item.accessibilityInformation = { label: l10n.t('Deployment groups of {0}', shownText(this.app.app.name || this.app.app.id)) };
    return item;
  }
}

export class DeploymentGroupNode {
  readonly kind = 'group';

  constructor(
    readonly group: DeploymentGroup,
    readonly appKey: string,
  ) {}

  toTreeItem(): vscode.TreeItem {
    const { group } = this;
    const item = new vscode.TreeItem(shownText(group.name), vscode.TreeItemCollapsibleState.None);
    item.id = `group:${this.appKey}/${group.id}`;
    item.iconPath = new vscode.ThemeIcon('organization');
    item.description = [group.branch ? shownText(group.branch) : '', testerCount(group.testers.length)].filter(Boolean).join(' · ');
    const listed = group.testers.slice(0, TESTERS_LISTED).map((address) => shownText(address));
    const more = group.testers.length - listed.length;
    // Plain text, one address a line: an address cannot add a line of its own.
    item.tooltip = [
      shownText(group.name),
      group.branch ? l10n.t('Branch: {0}', shownText(group.branch)) : '',
      listed.length ? l10n.t('Testers:') : l10n.t('No testers'),
      ...listed,
      more > 0 ? l10n.t('and {0} more', more) : '',
    ]
      .filter(Boolean)
      .join('\n');
    item.contextValue = 'deploymentGroup';
    item.accessibilityInformation = { label: groupAccessibleLabel(group) };
    return item;
  }
}

function testerCount(count: number): string {
  return count === 1 ? l10n.t('1 tester') : l10n.t('{0} testers', count);
}

export async function groupRows(
  node: DeploymentGroupsNode,
  client: BuildServiceClient,
  deps: { presenter: ErrorPresenter; log: Log },
): Promise<(DeploymentGroupNode | MessageNode)[]> {
  const appId = node.app.app.id;
  const appKey = node.app.account.scoped(appId);
  let groups: readonly DeploymentGroup[];
  try {
    groups = uniqueById(deps.log, `the deployment groups of app ${appId}`, await client.listDeploymentGroups(appId), (g) => g.id);
  } catch (error) {
    // Retry asks for the app's rows again, and with them this section's.
    const retry = { command: CommandId.refresh, arguments: [node.app] };
    return errorNodes(deps.presenter, error, { retry, account: node.app.account, key: `groups-error:${appKey}` });
  }
  if (groups.length === 0) return [new MessageNode(l10n.t('No deployment groups'), 'info', { key: `groups-empty:${appKey}` })];
  return groups.map((group) => new DeploymentGroupNode(group, appKey));
}
