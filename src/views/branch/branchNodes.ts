import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, Build } from '../../api';
import { buildNumber, buildTooltip, statusPhrase } from '../../core/buildLook';
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

  toTreeItem(): vscode.TreeItem {
    const { app, build } = this;
    const name = shownText(app.name || app.id);
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
    item.id = `branch:${app.id}`;
    if (!build) {
      item.description = l10n.t('no builds of this branch yet');
      item.iconPath = new vscode.ThemeIcon('dash');
      item.tooltip = l10n.t('{0}\nNo build of {1} yet. Trigger Build starts one.', name, shownText(this.branch));
      item.contextValue = 'branchNoBuild';
      return item;
    }
    item.description = `${buildNumber(build)} ${statusPhrase(build.status, build.rawStatus)}`.trim();
    item.iconPath = buildIcon(build.status);
    item.tooltip = buildTooltip(build, name);
    item.contextValue = build.finished ? 'branchBuild' : 'branchBuild.unfinished';
    return item;
  }
}

export type BranchTreeNode = BranchBuildNode | MessageNode;
