import * as vscode from 'vscode';
import { withLanguage } from '../../core/language';
import { onFirstCall } from '../../core/onFirstCall';
import { ContextKey, ViewId } from '../../ids';
import type { AppsContent, AppsContentDeps } from './appsContent';
import type { LoadOutcome } from './loadOutcome';
import type { AppsTreeNode } from './nodes';

// The Apps view is registered at activation (VS Code needs its provider from the start), but what it
// shows is dist/apps.js, loaded when VS Code first asks for its children or a command needs the
// builds: a window that activates with the view closed (a command, a chat tool, the Current Branch
// view) does not load it for that. In the bundle esbuild.mjs turns the import below into
// `require("./apps.js")`, the sibling of dist/extension.js; in the unbundled test build (out/) it
// stays a require of out/src/views/apps/appsContent.js.
type AppsModule = typeof import('./appsContent');

/**
 * The Apps view: it owns the TreeView and passes VS Code's questions on to the content once loaded.
 * It also keeps the welcome view's "has a token" key following the session, content loaded or not: a
 * token stored or cleared (here or in another window) changes the welcome view and the walkthrough at
 * once, whether or not the view is on screen to load.
 */
export class AppsView implements vscode.TreeDataProvider<AppsTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<AppsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The view itself: commands read its selection, and reveal() expands an app as a click does. */
  readonly view: vscode.TreeView<AppsTreeNode>;
  /** The content, loaded once, on the first call. */
  readonly content: () => Promise<AppsContent>;
  private loaded: AppsContent | undefined;
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: AppsContentDeps) {
    this.view = vscode.window.createTreeView(ViewId.apps, { treeDataProvider: this });
    this.content = onFirstCall(() => import('./appsContent').then(withLanguage).then((apps: AppsModule) => this.made(apps)));
    this.subscriptions = [this.view, deps.session.onDidChange(() => void this.followSession())];
  }

  getTreeItem(node: AppsTreeNode): vscode.TreeItem {
    return node.toTreeItem();
  }

  async getChildren(node?: AppsTreeNode): Promise<AppsTreeNode[]> {
    return (await this.content()).provider.getChildren(node);
  }

  /** Needed by reveal(); a node exists only once the content that made it is loaded. */
  getParent(node: AppsTreeNode): AppsTreeNode | undefined {
    return this.loaded?.provider.getParent(node);
  }

  /** Asks the service again now and reports how it went (the Refresh and Set Access Token commands). */
  async refresh(): Promise<LoadOutcome> {
    return (await this.content()).provider.refresh();
  }

  /** Forgets what is shown; nothing is, before the content is loaded. */
  invalidate(): void {
    this.loaded?.provider.invalidate();
  }

  private made(apps: AppsModule): AppsContent {
    const content = apps.createAppsContent(this.deps, this.view);
    content.provider.onDidChangeTreeData((node) => this.changed.fire(node));
    if (this.disposed) content.dispose();
    else this.loaded = content;
    return content;
  }

  private async followSession(): Promise<void> {
    const connection = await this.deps.session.connection();
    if (connection.kind === 'ready' || connection.kind === 'no-token')
      this.deps.contextKeys.set(ContextKey.hasToken, connection.kind === 'ready');
  }

  dispose(): void {
    this.disposed = true;
    for (const s of this.subscriptions) s.dispose();
    this.loaded?.dispose();
    this.changed.dispose();
  }
}
