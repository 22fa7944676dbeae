import * as vscode from 'vscode';
import type { App } from '../../api';
import type { BuildsSection } from './buildsSection';
import type { TokenStore } from '../../services/tokenStore';
import type { SettingsService } from '../../services/settings';
import type { ClientCache } from '../../services/clientCache';
import { CommandId, ContextKey, ViewId } from '../../ids';
import type { ContextKeys } from '../../services/contextKeys';
import { ACTION_LABELS } from '../../core/errorMessages';
import { FIX_COMMANDS, type ErrorPresenter } from '../../services/errorPresenter';
import { AppNode, ErrorNode, type AppsTreeNode, type PlatformIcons } from './nodes';
import { sortByName } from '../../core/sortApps';

/** How a load ended: the count on success, the failure, or why nothing was asked. */
export type LoadOutcome =
  | { status: 'loaded'; count: number }
  | { status: 'failed'; error: unknown }
  | { status: 'skipped'; reason: 'not-configured' | 'invalid-setting' | 'no-token' | 'superseded' };

export interface AppsDeps {
  settings: SettingsService;
  tokens: TokenStore;
  clients: ClientCache;
  presenter: ErrorPresenter;
  contextKeys: ContextKeys;
  icons: PlatformIcons;
  /** Everything below the apps: builds and their details. */
  builds: BuildsSection;
}

/**
 * The Apps view. Loads lazily when VS Code first asks for children, so nothing is fetched while the
 * view is closed; `refresh()` loads at once and keeps the old nodes on screen until the new ones arrive.
 */
export class AppsProvider implements vscode.TreeDataProvider<AppsTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<AppsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: AppsTreeNode[] | undefined;
  private loading: { promise: Promise<LoadOutcome>; controller: AbortController } | undefined;
  private generation = 0;
  private readonly buildsChanged: vscode.Disposable;

  constructor(private readonly deps: AppsDeps) {
    this.buildsChanged = deps.builds.onDidChange((node) => this.changed.fire(node));
  }

  getTreeItem(node: AppsTreeNode): vscode.TreeItem {
    return node.toTreeItem();
  }

  async getChildren(node?: AppsTreeNode): Promise<AppsTreeNode[]> {
    if (node) return this.deps.builds.children(node);
    // A newer load may supersede the one awaited here; keep waiting until one settles the roots.
    while (this.roots === undefined) await this.load(false);
    return this.roots;
  }

  /** Needed by reveal(); only apps and builds are revealed, so details answer undefined. */
  getParent(node: AppsTreeNode): AppsTreeNode | undefined {
    if (node.kind !== 'build') return undefined;
    return this.roots?.find((root) => root.kind === 'app' && root.app.id === node.appId);
  }

  /** Reloads now and reports how it went (the Refresh and Set Access Token commands use this). */
  refresh(): Promise<LoadOutcome> {
    this.loading?.controller.abort();
    this.loading = undefined;
    return this.load(true);
  }

  /** Forgets what is shown; the view reloads when VS Code asks again (at once if it is visible). */
  invalidate(): void {
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
    const promise = this.fetchRoots(controller.signal)
      .catch((error: unknown) => {
        // A bug here must still end the load, or every later getChildren would wait on it.
        this.deps.presenter.present(error, 'Loading apps');
        return { roots: this.errorNodes(error), outcome: { status: 'failed', error } as LoadOutcome };
      })
      .then(({ roots, outcome }): LoadOutcome => {
        if (generation !== this.generation) return { status: 'skipped', reason: 'superseded' };
        this.loading = undefined;
        this.roots = roots;
        // A load that getChildren started needs no event: VS Code is already waiting for its result.
        if (announce) this.changed.fire(undefined);
        return outcome;
      });
    this.loading = { promise, controller };
    return promise;
  }

  private async fetchRoots(signal: AbortSignal): Promise<{ roots: AppsTreeNode[]; outcome: LoadOutcome }> {
    const { settings, tokens, clients, presenter, contextKeys } = this.deps;
    const config = settings.value;
    contextKeys.set(ContextKey.configured, config.baseUrlSet);
    contextKeys.set(ContextKey.noApps, false);
    if (!config.baseUrlSet) return { roots: [], outcome: { status: 'skipped', reason: 'not-configured' } };
    const client = clients.get();
    if (!client) {
      const problem = config.problems.find((p) => p.setting === 'buildService.baseUrl')?.problem ?? 'it is not valid';
      const fix = { title: 'Open Settings', command: CommandId.openSettings, arguments: ['buildService.baseUrl'] };
      const node = new ErrorNode('The service address is not valid', `The setting buildService.baseUrl is not valid: ${problem}.`, fix, 'error');
      return { roots: [node], outcome: { status: 'skipped', reason: 'invalid-setting' } };
    }
    const hasToken = (await tokens.get()) !== undefined;
    contextKeys.set(ContextKey.hasToken, hasToken);
    if (!hasToken) return { roots: [], outcome: { status: 'skipped', reason: 'no-token' } };
    try {
      const apps = await vscode.window.withProgress({ location: { viewId: ViewId.apps } }, () => client.listApps({ signal }));
      presenter.succeeded();
      contextKeys.set(ContextKey.noApps, apps.length === 0);
      return { roots: this.appNodes(apps), outcome: { status: 'loaded', count: apps.length } };
    } catch (error) {
      if (signal.aborted) return { roots: [], outcome: { status: 'skipped', reason: 'superseded' } };
      presenter.present(error, 'Loading apps');
      return { roots: this.errorNodes(error), outcome: { status: 'failed', error } };
    }
  }

  private appNodes(apps: App[]): AppNode[] {
    // Duplicate ids would make VS Code reject the whole tree (item ids must be unique).
    const seen = new Set<string>();
    const unique = apps.filter((app) => !seen.has(app.id) && seen.add(app.id));
    return sortByName(unique).map((app) => new AppNode(app, this.deps.icons, this.deps.builds.filterOf(app.id)));
  }

  private errorNodes(error: unknown): AppsTreeNode[] {
    const message = this.deps.presenter.describe(error);
    if (!message) return [];
    // In the view, trying again is the natural click when it is offered; otherwise the first fix.
    const action = message.actions.includes('retry') ? 'retry' : message.actions[0];
    const fix = { title: ACTION_LABELS[action], command: FIX_COMMANDS[action] };
    return [new ErrorNode(message.short, message.message, fix, message.severity)];
  }

  dispose(): void {
    this.buildsChanged.dispose();
    this.loading?.controller.abort();
    this.changed.dispose();
  }
}
