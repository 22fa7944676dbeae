import * as vscode from 'vscode';
import type { App, Build } from '../../api';
import { STATUS_CODICON, statusPhrase } from '../../core/statusText';

/** The latest build of the branch for one app (or the fact that there is none yet). */
export class BranchBuildNode {
  readonly kind = 'branchBuild';

  constructor(
    readonly app: App,
    readonly branch: string,
    readonly build: Build | undefined,
  ) {}

  toTreeItem(): vscode.TreeItem {
    const { app, build } = this;
    const item = new vscode.TreeItem(app.name || app.id, vscode.TreeItemCollapsibleState.None);
    item.id = `branch:${app.id}`;
    if (!build) {
      item.description = 'no builds of this branch yet';
      item.iconPath = new vscode.ThemeIcon('dash');
      item.tooltip = `${app.name || app.id}\nNo build of ${this.branch} yet. Trigger Build starts one.`;
      item.contextValue = 'branchNoBuild';
      return item;
    }
    const number = build.buildNumber === undefined ? '' : `#${build.buildNumber} `;
    item.description = `${number}${statusPhrase(build.status, build.rawStatus)}`;
    item.iconPath = new vscode.ThemeIcon(STATUS_CODICON[build.status]);
    // Plain text: commit messages and names come from the service and must not render as Markdown.
    item.tooltip = [
      `${app.name || app.id}: build ${number}${statusPhrase(build.status, build.rawStatus)}`,
      `Branch: ${this.branch}`,
      build.commit.sha ? `Commit: ${build.commit.sha.slice(0, 12)}${build.commit.author ? ` by ${build.commit.author}` : ''}` : undefined,
      build.commit.message ? firstLine(build.commit.message) : undefined,
      build.schemeName ? `Scheme: ${build.schemeName}` : undefined,
    ].filter(Boolean).join('\n');
    item.contextValue = build.finished ? 'branchBuild' : 'branchBuild.unfinished';
    return item;
  }
}

/** A state that is not a list of builds, said in the view (with a fix to click, when there is one). */
export class BranchMessageNode {
  readonly kind = 'branchMessage';

  constructor(
    readonly label: string,
    readonly icon: string,
    readonly detail: string,
    readonly fix?: vscode.Command,
  ) {}

  toTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.tooltip = this.fix ? `${this.detail}\nClick to ${this.fix.title.toLowerCase()}.` : this.detail;
    item.description = this.fix?.title;
    item.command = this.fix;
    item.contextValue = 'branchMessage';
    return item;
  }
}

export type BranchTreeNode = BranchBuildNode | BranchMessageNode;

function firstLine(text: string): string {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
