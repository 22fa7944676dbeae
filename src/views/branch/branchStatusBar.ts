import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { CommandId, STATUS_BAR_ITEM_ID } from '../../ids';
import { rowBuild, type BranchState } from '../../core/branch/branchState';
import { iconSafeText, shownText } from '../../core/text/serviceText';
import { statusBarText } from '../../core/branch/statusBarText';
import type { CurrentBranch } from '../../services/branch/currentBranch';

// Hidden when there is nothing to say (an item saying "nothing" wastes room); made only once there is something.
export class BranchStatusBar implements vscode.Disposable {
  private item: vscode.StatusBarItem | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly model: CurrentBranch) {
    this.show(model.state);
    this.subscription = model.onDidChange((state) => this.show(state));
  }

  /** For tests; undefined while hidden. */
  get shown(): { text: string; tooltip: string } | undefined {
    return this.content;
  }

  private content: { text: string; tooltip: string; spoken?: string } | undefined;

  private show(state: BranchState): void {
    const content = contentOf(state);
    // With several repositories, the item says which one it is about: the active editor's.
    const sections = this.model.sectionStates;
    const active = sections.length > 1 ? sections.find((s) => s.root === this.model.activeRoot) : undefined;
    if (content && active) content.tooltip = `${l10n.t('Repository {0}', shownText(active.name))}\n${content.tooltip}`;
    // With several accounts, and the account whose builds these are.
    const account = content ? this.model.activeAccountLabel : undefined;
    if (content && account !== undefined) content.tooltip = `${content.tooltip}\n${l10n.t('Account {0}', shownText(account))}`;
    this.content = content;
    if (!content) return this.item?.hide();
    this.item ??= createItem();
    this.item.text = content.text;
    this.item.tooltip = content.tooltip;
    // Icons alone say each build's state; the words are in the tooltip's lines.
    this.item.accessibilityInformation = { label: content.spoken ?? content.tooltip.replace(/\n/g, ', ') };
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item?.dispose();
  }
}

function createItem(): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem(STATUS_BAR_ITEM_ID, vscode.StatusBarAlignment.Left, 10);
  item.name = l10n.t('Build Service: Current Branch');
  item.command = CommandId.revealCurrentBranchBuild;
  return item;
}

function contentOf(state: BranchState): { text: string; tooltip: string; spoken?: string } | undefined {
  switch (state.kind) {
    case 'builds':
      return statusBarText(
        state.branch,
        state.entries.map((e) => ({ appName: e.app.name || e.app.id, build: rowBuild(e) })),
      );
    case 'failed':
      return {
        text: `$(warning) ${iconSafeText(state.branch)}`,
        tooltip: l10n.t('Build Service — branch {0}\nCould not load its builds; see the Current Branch view.', shownText(state.branch)),
      };
    case 'loading':
      return {
        text: `$(loading~spin) ${iconSafeText(state.branch)}`,
        tooltip: l10n.t('Build Service — branch {0}\nLoading its builds…', shownText(state.branch)),
      };
    default:
      return undefined;
  }
}
