import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, Build } from '../../api';
import { buildAccessibleLabel, noBuildAccessibleLabel } from '../../core/accessibleLabels';
import { buildNumber, buildTooltip, pullRequestTag, statusPhrase } from '../../core/buildLook';
import { shownText } from '../../core/serviceText';
import { buildIcon } from '../buildIcon';
import type { MessageNode } from '../messageNode';

export class BranchBuildNode {
  readonly kind = 'branchBuild';

  constructor(
    readonly app: App,
    readonly branch: string,
    readonly build: Build | undefined,
  ) {}

  toTreeItem(now = Date.now()): vscode.TreeItem {
    const { app, build } = this;
    const name = shownText(app.name || app.id);
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
    item.id = `branch:${app.id}`;
    if (!build) {
      item.description = l10n.t('no builds of this branch yet');
      item.iconPath = new vscode.ThemeIcon('dash');
      item.tooltip = l10n.t('{0}\nNo build of {1} yet. Trigger Build starts one.', name, shownText(this.branch));
      item.contextValue = 'branchNoBuild';
      item.accessibilityInformation = { label: noBuildAccessibleLabel(name, this.branch) };
      return item;
    }
    const state = `${buildNumber(build)} ${statusPhrase(build.status, build.rawStatus)}`.trim();
    item.description = [state, pullRequestTag(build.pullRequestDestination)].filter(Boolean).join(' · ');
    item.iconPath = buildIcon(build.status);
    item.tooltip = buildTooltip(build, name);
    item.contextValue = build.finished ? 'branchBuild' : 'branchBuild.unfinished';
    item.accessibilityInformation = { label: buildAccessibleLabel(build, now, name) };
    return item;
  }
}

export type BranchTreeNode = BranchBuildNode | MessageNode;
