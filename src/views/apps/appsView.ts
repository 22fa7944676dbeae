import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { ArtifactSizes } from '../../services/sizes/artifactSizes';
import type { Build } from '../../api';
import { ContextKey, ViewId } from '../../ids';
import type { ContextKeys } from '../../services/contextKeys';
import type { ErrorPresenter } from '../../services/errorPresenter';
import type { Log } from '../../services/log';
import type { Session } from '../../services/accounts/session';
import type { SettingsService } from '../../services/settings';
import type { BuildTracker } from '../../services/builds/buildTracker';
import { AppsRoots, showConnection } from './appsRoots';
import { BuildNode } from './buildNode';
import { BuildsSection } from './buildsSection';
import type { LoadOutcome } from './loadOutcome';
import { AppNode, sameNodes, type AppsTreeNode } from './nodes';
import type { Account } from '../../services/accounts/accounts';
import { Disposable } from '../../core/disposable';

export type { LoadOutcome } from './loadOutcome';

export interface AppsViewDeps {
  session: Session;
  settings: SettingsService;
  presenter: ErrorPresenter;
  tracker: BuildTracker;
  contextKeys: ContextKeys;
  log: Log;
  extensionUri: vscode.Uri;
  /** Each artifact's size in a build's details. */
  sizes: ArtifactSizes;
}

// Loads at window open (preload) or when VS Code first asks for children; old nodes stay until new ones arrive.
export class AppsView extends Disposable implements vscode.TreeDataProvider<AppsTreeNode> {
  private readonly changed = new vscode.EventEmitter<AppsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<AppsTreeNode>;
  readonly builds: BuildsSection;
  private readonly top: AppsRoots;
  private roots: AppsTreeNode[] | undefined;
  private loading: { promise: Promise<LoadOutcome>; controller: AbortController } | undefined;
  private generation = 0;

  constructor(private readonly deps: AppsViewDeps) {
    super();
    this.builds = new BuildsSection({ ...deps, accounts: deps.session.accounts });
    this.top = new AppsRoots(deps, this.builds, () => this.appNodes());
    this.view = vscode.window.createTreeView(ViewId.apps, { treeDataProvider: this });
    this.register(
      this.view,
      this.builds,
      // A collapsed app's builds are off screen: this view lets go of them.
      this.view.onDidCollapseElement((e) => this.builds.collapsed(e.element)),
      this.builds.onDidChange((node) => this.changed.fire(node)),
      deps.session.onDidChange(() => {
        this.invalidate();
        void this.followToken();
      }),
      // An account signed in or out, or another account's token: its apps come or go, the others' stay cached.
      deps.session.accounts.onDidChange(() => this.invalidate()),
      deps.session.accounts.onDidChangeToken(() => this.invalidate()),
      deps.settings.onDidChange(() => this.invalidate()),
    );
  }

  getTreeItem(node: AppsTreeNode): vscode.TreeItem {
    return node.toTreeItem();
  }

  async getChildren(node?: AppsTreeNode): Promise<AppsTreeNode[]> {
    if (node?.kind === 'account') return [...node.children];
    if (node) return this.builds.children(node);
    // A newer load may supersede the one awaited here; keep waiting until one settles the roots.
    while (this.roots === undefined) await this.load(false);
    return this.roots;
  }

  /** Needed by reveal(); only apps, builds and an app's groups row are revealed, so details answer undefined. */
  getParent(node: AppsTreeNode): AppsTreeNode | undefined {
    if (node.kind === 'app') return this.roots?.find((root) => root.kind === 'account' && root.account === node.account);
    if (node.kind === 'groups') return this.appNodes().find((app) => app.account === node.app.account && app.app.id === node.app.app.id);
    if (node.kind !== 'build') return undefined;
    return this.appNodes().find((app) => app.account === node.account && app.app.id === node.appId);
  }

  private appNodes(): AppNode[] {
    return (this.roots ?? []).flatMap((root) =>
      root.kind === 'app' ? [root] : root.kind === 'account' ? root.children.filter((n): n is AppNode => n.kind === 'app') : [],
    );
  }

  /** Selects a build under its app, or the app when its list does not hold it (a filter, or older than the list). */
  async reveal(account: Account, build: Build): Promise<void> {
    await this.getChildren();
    const app = this.appNodes().find((n) => n.account === account && n.app.id === build.appId);
    if (!app) return;
    const listed = (await this.builds.children(app)).find((n): n is BuildNode => n instanceof BuildNode && n.build.id === build.id);
    await this.view.reveal(listed ?? app, { select: true, focus: true });
  }

  /** At window open: the rows are made before the view is opened, so the click draws what is here (the load waits for the window's focus). */
  preload(): void {
    if (this.roots === undefined) void this.load(false);
  }

  refresh(): Promise<LoadOutcome> {
    this.loading?.controller.abort();
    this.loading = undefined;
    this.deps.session.forgetApps();
    return this.load(true);
  }

  /** Asks again for the children of the failed node only; `failed` may be an older copy of the node shown. */
  retry(failed: AppNode | BuildNode): void {
    if (failed instanceof BuildNode) return this.builds.retry(failed);
    const current = this.appNodes().find((app) => app.account === failed.account && app.app.id === failed.app.id);
    if (current) this.changed.fire(current);
  }

  /** Forgets what is shown; the view reloads when VS Code asks again (at once if it is visible). */
  invalidate(): void {
    // The apps shown are gone until the next load lists them (the walkthrough's "See your apps").
    this.deps.contextKeys.set(ContextKey.appsListed, false);
    // Already forgotten and nothing under way: the event that asked VS Code to reload has been fired.
    if (this.roots === undefined && !this.loading) return;
    this.loading?.controller.abort();
    this.loading = undefined;
    this.generation++;
    this.roots = undefined;
    this.changed.fire(undefined);
  }

  private load(announce: boolean): Promise<LoadOutcome> {
    if (this.loading) return this.loading.promise;
    const controller = new AbortController();
    const generation = ++this.generation;
    const promise = this.top
      .fetch(controller.signal)
      .catch((error: unknown) => {
        // A bug here must still end the load, or every later getChildren would wait on it.
        this.deps.presenter.present(error, l10n.t('Loading apps'));
        return { roots: this.top.errorNodes(error), outcome: { status: 'failed', error } as LoadOutcome };
      })
      .then(({ roots, outcome }): LoadOutcome => {
        if (generation !== this.generation) return { status: 'skipped', reason: 'superseded' };
        this.loading = undefined;
        const unchanged = sameNodes(this.roots, roots);
        this.roots = roots;
        // No event for a load getChildren started (VS Code awaits it) nor for a refresh that changed nothing.
        if (announce && !unchanged) this.changed.fire(undefined);
        if (announce && unchanged) void this.redrawChangedBuilds();
        return outcome;
      });
    this.loading = { promise, controller };
    return promise;
  }

  /** After a refresh that kept every app: redraw only the expanded apps whose builds changed. */
  private async redrawChangedBuilds(): Promise<void> {
    for (const app of await this.builds.reloadExpanded()) {
      const node = this.appNodes().find((n) => n.account === app.account && n.app.id === app.app.id);
      if (node) this.changed.fire(node);
    }
  }

  /** A token stored or cleared (here or in another window) updates the welcome view and walkthrough at once. */
  private async followToken(): Promise<void> {
    showConnection(this.deps.contextKeys, (await this.deps.session.connection()).kind);
  }

  override dispose(): void {
    super.dispose();
    this.loading?.controller.abort();
    this.changed.dispose();
  }
}
