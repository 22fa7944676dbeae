import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Account } from '../../services/accounts/accounts';
import type { App, Build } from '../../api';
import { rowBuild, type BranchBuild } from '../../core/branch/branchState';
import type { BuildNote } from '../../core/testing/comparisonText';
import { buildAccessibleLabel, noBuildAccessibleLabel } from '../../core/builds/accessibleLabels';
import { buildNumber, buildTooltip, pullRequestTag, statusPhrase } from '../../core/builds/buildLook';
import { shownText } from '../../core/text/serviceText';
import { buildIcon } from '../buildIcon';
import type { MessageNode } from '../messageNode';

export class BranchBuildNode {
  readonly kind = 'branchBuild';
  /** How its failed tests compare with the base branch, once known ("2 new, 1 also failing on main #41, 1 fixed"), and the fixed tests by name. */
  note: BuildNote | undefined;

  constructor(
    /** Current Branch's row: its build is the tracker's copy, read when drawn. */
    private readonly entry: BranchBuild,
    readonly branch: string,
    /** Its repository's section, when the workspace has several. */
    readonly parent?: RepoNode,
    /** Whose build it is: the account its repository uses. */
    readonly account?: Account,
  ) {}

  get app(): App {
    return this.entry.app;
  }

  /** undefined: the app has no build of this branch yet. */
  get build(): Build | undefined {
    return rowBuild(this.entry);
  }

  toTreeItem(now = Date.now()): vscode.TreeItem {
    const { app, build } = this;
    const name = shownText(app.name || app.id);
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
    item.id = this.parent ? `branch:${this.parent.root}:${app.id}` : `branch:${app.id}`;
    if (!build) {
      item.description = l10n.t('no builds of this branch yet');
      item.iconPath = new vscode.ThemeIcon('dash');
      item.tooltip = l10n.t('{0}\nNo build of {1} yet. Trigger Build starts one.', name, shownText(this.branch));
      item.contextValue = 'branchNoBuild';
      item.accessibilityInformation = { label: noBuildAccessibleLabel(name, this.branch) };
      return item;
    }
    const state = `${buildNumber(build)} ${statusPhrase(build.status, build.rawStatus)}`.trim();
    item.description = [state, pullRequestTag(build.pullRequestDestination), this.note?.line].filter(Boolean).join(' · ');
    item.iconPath = buildIcon(build.status);
    item.tooltip = [buildTooltip(build, name), this.note?.line, ...(this.note?.detail ?? [])].filter(Boolean).join('\n');
    item.contextValue = build.finished ? 'branchBuild' : 'branchBuild.unfinished';
    item.accessibilityInformation = { label: buildAccessibleLabel(build, now, name) };
    return item;
  }
}

/** A repository of a multi-root workspace: its name and branch, its apps' builds below. */
export class RepoNode {
  readonly kind = 'repository';
  children: (BranchBuildNode | MessageNode)[] = [];

  constructor(
    readonly root: string,
    readonly name: string,
    readonly branch: string | undefined,
  ) {}

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(shownText(this.name), vscode.TreeItemCollapsibleState.Expanded);
    item.id = `repository:${this.root}`;
    item.description = this.branch === undefined ? undefined : shownText(this.branch);
    item.iconPath = new vscode.ThemeIcon('repo');
    item.tooltip = vscode.Uri.parse(this.root).fsPath;
    item.contextValue = 'branchRepository';
    item.accessibilityInformation = {
      label:
        this.branch === undefined
          ? l10n.t('Repository {0}', shownText(this.name))
          : l10n.t('Repository {0}, branch {1}', shownText(this.name), shownText(this.branch)),
    };
    return item;
  }
}

export type BranchTreeNode = BranchBuildNode | MessageNode | RepoNode;
