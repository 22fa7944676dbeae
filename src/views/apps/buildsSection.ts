import * as vscode from 'vscode';
import type { Build, BuildServiceClient, Coverage, TestResults } from '../../api';
import type { ClientCache } from '../../services/clientCache';
import type { SettingsService } from '../../services/settings';
import type { ErrorPresenter } from '../../services/errorPresenter';
import { FIX_COMMANDS } from '../../services/errorPresenter';
import { ACTION_LABELS } from '../../core/errorMessages';
import { BuildNode } from './buildNode';
import { DetailNode } from './detailNode';
import { ErrorNode, type AppNode, type AppsTreeNode } from './nodes';
import { detailRows } from '../../core/detailRows';
import type { BuildFilter } from '../../core/filter';
import type { BuildPoller } from '../../services/poller';

export interface BuildsDeps {
  clients: ClientCache;
  settings: SettingsService;
  presenter: ErrorPresenter;
  poller: BuildPoller;
}

type Details = { tests?: TestResults; coverage?: Coverage };
// A finished build never changes, so its details are kept; the cap bounds a long session's memory.
const DETAILS_KEPT = 100;

/**
 * The Apps view below the apps: each app's recent builds and each build's details, both fetched
 * only when VS Code asks (that is, when the node is expanded). Filters live here by app id so a
 * reload of the apps keeps them.
 */
export class BuildsSection implements vscode.Disposable {
  private readonly filters = new Map<string, BuildFilter>();
  private readonly shown = new Map<string, BuildNode>();
  private readonly details = new Map<string, Details>();
  private readonly changed = new vscode.EventEmitter<AppsTreeNode>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: BuildsDeps) {
    this.subscription = deps.poller.onDidUpdate((build) => this.updated(build));
  }

  filterOf(appId: string): BuildFilter {
    return this.filters.get(appId) ?? {};
  }

  /** Redraws the app (its description and menu follow the filter) and, if expanded, reloads its builds. */
  setFilter(app: AppNode, filter: BuildFilter): void {
    if (filter.branch === undefined && filter.status === undefined) this.filters.delete(app.app.id);
    else this.filters.set(app.app.id, filter);
    app.filter = filter;
    this.changed.fire(app);
  }

  async children(node: AppsTreeNode): Promise<AppsTreeNode[]> {
    const client = this.deps.clients.get();
    if (node.kind === 'detail') return node.children;
    if (!client || node.kind === 'error') return [];
    return node.kind === 'app' ? this.buildsOf(node, client) : this.detailsOf(node, client);
  }

  /** The app is collapsed: its builds are no longer on screen, so there is nothing to follow for it. */
  collapsed(node: AppsTreeNode): void {
    if (node.kind !== 'app') return;
    for (const [id, shown] of this.shown) {
      if (shown.appId !== node.app.id) continue;
      this.deps.poller.unfollow(id, 'shown');
      this.shown.delete(id);
    }
  }

  private async buildsOf(app: AppNode, client: BuildServiceClient): Promise<AppsTreeNode[]> {
    const { branch, status } = this.filterOf(app.app.id);
    let builds: Build[];
    try {
      builds = await client.listBuilds(app.app.id, { branch, status, limit: this.deps.settings.value.buildsPerApp });
    } catch (error) {
      return this.errorNodes(error);
    }
    this.collapsed(app);
    const nodes = builds.map((build) => new BuildNode(build, app.app.id));
    for (const node of nodes) {
      this.shown.set(node.build.id, node);
      if (!node.build.finished) this.deps.poller.follow(node.build, 'shown');
    }
    if (nodes.length > 0) return nodes;
    const note = branch !== undefined || status !== undefined ? 'No builds match the filter' : 'No builds yet';
    return [new DetailNode({ label: note, icon: 'info' }, `empty:${app.app.id}`)];
  }

  private async detailsOf(node: BuildNode, client: BuildServiceClient): Promise<AppsTreeNode[]> {
    const { build } = node;
    let extra = this.details.get(build.id);
    if (!extra && build.finished) {
      try {
        // Two requests, side by side; an unfinished build has no results to ask for yet.
        const [tests, coverage] = await Promise.all([client.getTests(build.id), client.getCoverage(build.id)]);
        extra = { tests, coverage };
      } catch (error) {
        return this.errorNodes(error);
      }
      this.details.set(build.id, extra);
      if (this.details.size > DETAILS_KEPT) this.details.delete(this.details.keys().next().value as string);
    }
    return detailRows(build, extra ?? {}, Date.now()).map((row, i) => new DetailNode(row, `${build.id}/${i}`));
  }

  private updated(build: Build): void {
    const node = this.shown.get(build.id);
    if (!node) return;
    node.build = build;
    this.changed.fire(node);
  }

  private errorNodes(error: unknown): AppsTreeNode[] {
    // In the view rather than a toast: the user expanded this node and is looking at it.
    const message = this.deps.presenter.describe(error);
    if (!message) return [];
    const action = message.actions.includes('retry') ? 'retry' : message.actions[0];
    return [new ErrorNode(message.short, message.message, { title: ACTION_LABELS[action], command: FIX_COMMANDS[action] }, message.severity)];
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
