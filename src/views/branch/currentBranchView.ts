import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { contextValueOf, type BranchState } from '../../core/branch/branchState';
import type { BuildNote } from '../../core/testing/comparisonText';
import { shownText } from '../../core/text/serviceText';
import { CommandId, ContextKey, Setting } from '../../ids';
import type { Account } from '../../services/accounts/accounts';
import type { ContextKeys } from '../../services/contextKeys';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { ErrorPresenter } from '../../services/errorPresenter';
import type { AccountBuild } from '../../services/builds/buildTracker';
import { errorNodes, MessageNode } from '../messageNode';
import { BranchBuildNode, RepoNode, type BranchTreeNode } from './branchNodes';
import { Disposable } from '../../core/disposable';

// Empty states are viewsWelcome's, keyed by ContextKey.currentBranchState, set only while the view is
// visible (a hidden view's welcome needs no message). Nodes are kept so reveal() finds VS Code's objects.
export class CurrentBranchView extends Disposable implements vscode.TreeDataProvider<BranchTreeNode> {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private nodes: BranchTreeNode[];
  readonly view: vscode.TreeView<BranchTreeNode>;
  private noteOf: (account: Account | undefined, buildId: string) => BuildNote | undefined = () => undefined;

  constructor(
    private readonly model: CurrentBranch,
    private readonly presenter: ErrorPresenter,
    private readonly contextKeys: ContextKeys,
    viewId: string,
  ) {
    super();
    this.nodes = this.topNodes();
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this });
    this.describe(model.state);
    this.register(
      this.view,
      this.view.onDidChangeVisibility(() => this.showWelcomeOf(model.state)),
      model.onDidChange((state) => {
        const wasEmpty = this.nodes.length === 0;
        this.nodes = this.topNodes();
        this.describe(state);
        this.showWelcomeOf(state);
        // An empty view that stays empty has nothing to redraw: its welcome text follows a context key.
        if (!wasEmpty || this.nodes.length > 0) this.changed.fire(undefined);
      }),
    );
  }

  /** Each build row adds what `noteOf` says of it (the comparison with its base), drawn again on `changed`. */
  showNotes(
    noteOf: (account: Account | undefined, buildId: string) => BuildNote | undefined,
    changed: vscode.Event<unknown>,
  ): vscode.Disposable {
    this.noteOf = noteOf;
    return changed(() => {
      this.nodes = this.topNodes();
      this.changed.fire(undefined);
    });
  }

  getTreeItem(node: BranchTreeNode): vscode.TreeItem {
    return node.toTreeItem();
  }

  getChildren(node?: BranchTreeNode): BranchTreeNode[] {
    if (!node) return this.nodes;
    return node instanceof RepoNode ? node.children : [];
  }

  getParent(node: BranchTreeNode): RepoNode | undefined {
    return node instanceof BranchBuildNode ? node.parent : undefined;
  }

  /** The node of a build of an account, or of the first app's build of the active repository when none is given (the status-bar click). */
  nodeOf(of?: AccountBuild): BranchBuildNode | undefined {
    const active = this.nodes.find((n): n is RepoNode => n instanceof RepoNode && n.root === this.model.activeRoot);
    const all = this.nodes.flatMap((n) => (n instanceof RepoNode ? n.children : [n]));
    const builds = (of || !active ? all : active.children).filter((n): n is BranchBuildNode => n instanceof BranchBuildNode);
    return of ? builds.find((n) => n.build?.id === of.build.id && n.account === of.account) : (builds.find((n) => n.build) ?? builds[0]);
  }

  async reveal(node: BranchBuildNode): Promise<void> {
    await this.view.reveal(node, { select: true, focus: true });
  }

  private showWelcomeOf(state: BranchState): void {
    if (this.view.visible) this.contextKeys.set(ContextKey.currentBranchState, contextValueOf(state));
  }

  private describe(state: BranchState): void {
    // Several repositories name their branches in their sections.
    const several = this.nodes.some((n) => n instanceof RepoNode);
    const description = !several && 'branch' in state && state.branch ? shownText(state.branch) : undefined;
    if (this.view.description !== description) this.view.description = description; // each set is a message to the workbench
  }

  /** One repository looks as it always did; several get a section each, unless none can be asked (the welcome says why). */
  private topNodes(): BranchTreeNode[] {
    const sections = this.model.sectionStates;
    const kind = this.model.state.kind;
    if (sections.length < 2 || kind === 'not-configured' || kind === 'no-token') return this.nodesOf(this.model.state);
    return sections.map(({ root, name, state }) => {
      const node = new RepoNode(root, name, 'branch' in state ? state.branch : undefined);
      node.children = this.nodesOf(state, node);
      if (node.children.length === 0 && state.kind === 'no-app')
        node.children = [new MessageNode(l10n.t('No app builds this repository'), 'info', { key: `noApp:${root}` })];
      return node;
    });
  }

  private nodesOf(state: BranchState, parent?: RepoNode): (BranchBuildNode | MessageNode)[] {
    switch (state.kind) {
      case 'builds': {
        const root = parent?.root ?? this.model.activeRoot;
        const account = root === undefined ? undefined : this.model.accountOf(root);
        return state.entries.map((e) => {
          const node = new BranchBuildNode(e, state.branch, parent, account);
          node.note = e.held && this.noteOf(account, e.held.build.id);
          return node;
        });
      }
      case 'choose-account': {
        const root = parent?.root ?? this.model.activeRoot;
        const fix = { title: l10n.t('Choose Account…'), command: CommandId.chooseAccountForRepository, arguments: [root] };
        const detail = l10n.t('Apps of several accounts build this repository. Choose the account whose builds it shows.');
        return [
          new MessageNode(l10n.t('Several accounts build this repository'), 'account', { detail, fix, key: `chooseAccount:${root ?? ''}` }),
        ];
      }
      case 'detached':
        return [
          new MessageNode(l10n.t('No branch checked out (detached HEAD)'), 'git-commit', {
            detail: l10n.t('Check out a branch to see its builds.'),
          }),
        ];
      case 'loading':
        return [
          new MessageNode(l10n.t('Loading the builds of {0}…', shownText(state.branch)), 'loading~spin', {
            detail: l10n.t('Asking the build service.'),
          }),
        ];
      case 'no-app': {
        if (!state.pinnedId) return [];
        const detail = l10n.t(
          'The setting {0} names {1}, which the build service does not list for your access token.',
          Setting.appId,
          shownText(state.pinnedId),
        );
        const fix = { title: l10n.t('Open Settings'), command: CommandId.openSettings, arguments: [Setting.appId] };
        return [new MessageNode(l10n.t('The pinned app is not one of your apps'), 'warning', { detail, fix })];
      }
      case 'failed':
        return errorNodes(this.presenter, state.error, { retry: { command: CommandId.refreshCurrentBranch } });
      default:
        return [];
    }
  }

  override dispose(): void {
    super.dispose();
    this.changed.dispose();
  }
}
