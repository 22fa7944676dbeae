import vscode = require('vscode');
import type { Build } from '../../api';
import { buildAccessibleLabel, stateWord } from '../../core/builds/accessibleLabels';
import { buildLabel, buildTooltip, firstLine, pullRequestTag } from '../../core/builds/buildLook';
import type { Account } from '../../services/accounts/accounts';
import type { HeldBuild } from '../../services/builds/buildTracker';
import { shownText } from '../../core/text/serviceText';
import { relativeTime } from '../../core/text/time';
import { buildIcon } from '../buildIcon';

/** Holds its build while shown; `build` is the tracker's latest copy, so the same node redraws changed. */
export class BuildNode {
  readonly kind = 'build';

  constructor(
    private held: HeldBuild,
    readonly appId: string,
    readonly account: Account,
  ) {}

  get build(): Build {
    return this.held.build;
  }

  /** The list was loaded again: the node stays (its tree item and expansion), held anew. */
  holdAgain(held: HeldBuild): void {
    this.release();
    this.held = held;
  }

  /** Off screen: no longer followed for this view. */
  release(): void {
    this.held.dispose();
  }

  toTreeItem(now = Date.now()): vscode.TreeItem {
    const { build } = this;
    const item = new vscode.TreeItem(buildLabel(build), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `build:${this.account.scoped(build.id)}`;
    item.iconPath = buildIcon(build.status);
    const when = relativeTime(build.createdAt, now);
    // The state in words too: the icon alone would carry it only for those who tell the icons apart.
    item.description = [
      stateWord(build.status, build.rawStatus),
      shownText(build.commit.branch ?? ''),
      pullRequestTag(build.pullRequestDestination),
      firstLine(build.commit.message),
      when,
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = buildTooltip(build);
    item.accessibilityInformation = { label: buildAccessibleLabel(build, now) };
    // package.json offers Cancel Build only on the queued and running ones.
    item.contextValue = `build.${build.status}`;
    return item;
  }
}
