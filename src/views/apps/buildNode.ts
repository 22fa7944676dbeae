import * as vscode from 'vscode';
import type { Build } from '../../api';
import { exactTime, firstLine, relativeTime, stateIcon } from '../../core/format';

/**
 * One build under its app. `build` is replaced in place when the poller sees it change, so VS Code,
 * which knows tree elements by identity, redraws this very node.
 */
export class BuildNode {
  readonly kind = 'build';

  constructor(
    public build: Build,
    readonly appId: string,
  ) {}

  toTreeItem(now = Date.now()): vscode.TreeItem {
    const { build } = this;
    const item = new vscode.TreeItem(buildLabel(build), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `build:${build.id}`;
    const icon = stateIcon(build.status);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    const when = relativeTime(build.createdAt, now);
    item.description = [build.commit.branch, firstLine(build.commit.message), when].filter(Boolean).join(' · ');
    // A plain string: branch names and commit messages come from the service and are not markup.
    item.tooltip = buildTooltip(build);
    // "build.running" etc.; package.json offers Cancel Build only on the queued and running ones.
    item.contextValue = `build.${build.status}`;
    return item;
  }
}

export function buildLabel(build: Build): string {
  return build.buildNumber !== undefined ? `#${build.buildNumber}` : build.id;
}

function buildTooltip(build: Build): string {
  const { commit } = build;
  const lines = [
    `Build ${buildLabel(build)}: ${build.rawStatus || build.status}`,
    commit.branch ? `Branch: ${commit.branch}` : '',
    commit.sha ? `Commit: ${commit.sha.slice(0, 7)}${commit.author ? ` by ${commit.author}` : ''}` : '',
    firstLine(commit.message),
    build.createdAt ? `Created: ${exactTime(build.createdAt)}` : '',
    build.schemeName ? `Scheme: ${build.schemeName}` : '',
    `Build ID: ${build.id}`,
  ];
  return lines.filter(Boolean).join('\n');
}
