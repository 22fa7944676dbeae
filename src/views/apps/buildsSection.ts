import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Build, BuildServiceClient, Coverage, TestResults } from '../../api';
import { detailRows } from '../../core/detailRows';
import { CommandId } from '../../ids';
import { repeatedIdsNote } from '../../core/uniqueIds';
import { viewFix } from '../../core/errorMessages';
import type { BuildFilter } from '../../core/filter';
import { accountFix, type ErrorPresenter } from '../../services/errorPresenter';
import type { Accounts } from '../../services/accounts';
import type { Log } from '../../services/log';
import type { Session } from '../../services/session';
import type { BuildPoller } from '../../services/poller';
import type { SettingsService } from '../../services/settings';
import { uniqueById } from '../../services/uniqueLists';
import { MessageNode } from '../messageNode';
import { BuildNode } from './buildNode';
import { DetailNode } from './detailNode';
import { DeploymentGroupsNode, groupRows } from './groupNodes';
import type { AppNode, AppsTreeNode } from './nodes';

export interface BuildsDeps {
  session: Session;
  accounts: Accounts;
  settings: SettingsService;
  presenter: ErrorPresenter;
  poller: BuildPoller;
  log: Log;
}

type Details = { tests?: TestResults; coverage?: Coverage };
// A finished build never changes, so its details are kept; the cap bounds a long session's memory.
const DETAILS_KEPT = 100;

// Builds and build details, fetched only when a node is expanded; filters are kept by app id so a reload
// of the apps keeps them.
export class BuildsSection implements vscode.Disposable {
  private readonly filters = new Map<string, BuildFilter>();
  private readonly shown = new Map<string, BuildNode>();
  private readonly lists = new Map<string, readonly Build[]>();
  /** Expanded apps whose builds, and builds whose details, could not be loaded: a refresh asks again. */
  private readonly failedApps = new Set<string>();
  private readonly failedDetails = new Set<string>();
  private readonly details = new Map<string, Details>();
  /** One groups row per app node, kept so that reveal() and VS Code's expansion find the same object. */
  private readonly groupRows = new WeakMap<AppNode, DeploymentGroupsNode>();
  private readonly changed = new vscode.EventEmitter<AppsTreeNode>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: BuildsDeps) {
    this.subscriptions = [
      deps.poller.onDidUpdate((build) => this.updated(build)),
      // Another address or token may know the same build ids with other details.
      deps.session.onDidChange(() => this.details.clear()),
    ];
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
    if (node.kind === 'detail') return node.children;
    if (node.kind === 'message' || node.kind === 'group' || node.kind === 'account') return [];
    // An app is shown only while its account is connected; if that ended since, the view's reload is under way.
    const owner = node.kind === 'groups' ? node.app.account : node.account;
    const account = this.deps.accounts.all().includes(owner) ? owner : undefined;
    const connection = account ? await account.connection() : undefined;
    if (connection?.kind !== 'ready') return [];
    if (node.kind === 'groups') return groupRows(node, connection.client, this.deps);
    return node.kind === 'app' ? this.buildsOf(node, connection.client) : this.detailsOf(node, connection.client);
  }

  // Returns the expanded apps whose list changed or failed, so only those are redrawn; the redraw asks once
  // more, since a list kept from here could be shown long after, when the app is next on screen.
  async reloadExpanded(client: BuildServiceClient): Promise<string[]> {
    const changed = [...this.failedApps];
    for (const id of this.failedDetails) this.redraw(this.shown.get(id));
    await Promise.all(
      [...this.lists].map(async ([appId, shown]) => {
        const builds = await this.listBuilds(client, appId).catch(() => undefined);
        if (!builds || JSON.stringify(builds) !== JSON.stringify(shown)) changed.push(appId);
      }),
    );
    return changed;
  }

  retry(failed: BuildNode): void {
    this.redraw(this.shown.get(failed.build.id));
  }

  /** The app is collapsed: its builds are no longer on screen, so there is nothing to follow for it. */
  collapsed(node: AppsTreeNode): void {
    if (node.kind !== 'app') return;
    this.lists.delete(node.app.id);
    this.failedApps.delete(node.app.id);
    for (const [id, shown] of this.shown) {
      if (shown.appId !== node.app.id) continue;
      this.deps.poller.unfollow(id, 'shown');
      this.shown.delete(id);
      this.failedDetails.delete(id);
    }
  }

  private query(appId: string): BuildFilter & { limit: number } {
    const { branch, status } = this.filterOf(appId);
    return { branch, status, limit: this.deps.settings.value.buildsPerApp };
  }

  /** Each build once in the whole tree (the first app wins): VS Code refuses two items of one id. */
  private async listBuilds(client: BuildServiceClient, appId: string): Promise<readonly Build[]> {
    const list = `the builds of app ${appId}`;
    const builds = uniqueById(this.deps.log, list, await client.listBuilds(appId, this.query(appId)), (build) => build.id);
    const elsewhere = (build: Build) => (this.shown.get(build.id)?.appId ?? appId) !== appId;
    if (!builds.some(elsewhere)) return builds;
    const both = `${list} and of another app`;
    this.deps.log.warnOnce(
      both,
      repeatedIdsNote(
        both,
        builds.filter(elsewhere).map((build) => build.id),
      ),
    );
    return builds.filter((build) => !elsewhere(build));
  }

  private async buildsOf(app: AppNode, client: BuildServiceClient): Promise<AppsTreeNode[]> {
    const { branch, status } = this.filterOf(app.app.id);
    let builds: readonly Build[];
    try {
      builds = await this.listBuilds(client, app.app.id);
    } catch (error) {
      this.lists.delete(app.app.id);
      this.failedApps.add(app.app.id);
      return this.errorNodes(error, `app:${app.app.id}`, app);
    }
    this.failedApps.delete(app.app.id);
    // A build the app showed before, unchanged, keeps its node (and its tree item and expansion).
    const before = new Map([...this.shown].filter(([, n]) => n.appId === app.app.id && n.account === app.account));
    this.collapsed(app);
    this.lists.set(app.app.id, builds);
    const nodes = builds.map((build) => {
      const kept = before.get(build.id);
      return kept && JSON.stringify(kept.build) === JSON.stringify(build) ? kept : new BuildNode(build, app.app.id, app.account);
    });
    for (const node of nodes) {
      this.shown.set(node.build.id, node);
      if (!node.build.finished) this.deps.poller.follow(node.build, 'shown', app.account);
    }
    let groups = this.groupRows.get(app);
    if (!groups) this.groupRows.set(app, (groups = new DeploymentGroupsNode(app)));
    if (nodes.length > 0) return [...nodes, groups];
    const note = branch !== undefined || status !== undefined ? l10n.t('No builds match the filter') : l10n.t('No builds yet');
    return [new MessageNode(note, 'info', { key: `empty:${app.app.id}` }), groups];
  }

  private async detailsOf(node: BuildNode, client: BuildServiceClient): Promise<AppsTreeNode[]> {
    const { build } = node;
    let extra = this.details.get(build.id);
    if (!extra && build.finished) {
      try {
        // An unfinished build has no results to ask for yet.
        const [tests, coverage] = await Promise.all([client.getTests(build.id), client.getCoverage(build.id)]);
        extra = { tests, coverage };
      } catch (error) {
        this.failedDetails.add(build.id);
        return this.errorNodes(error, `build:${build.id}`, node);
      }
      this.failedDetails.delete(build.id);
      this.details.set(build.id, extra);
      if (this.details.size > DETAILS_KEPT) this.details.delete(this.details.keys().next().value as string);
    }
    return detailRows(build, extra ?? {}, Date.now()).map((row, i) => new DetailNode(row, `${build.id}/${i}`, node.account));
  }

  private updated(build: Build): void {
    const node = this.shown.get(build.id);
    if (!node) return;
    node.build = build;
    this.changed.fire(node);
  }

  /** VS Code asks again for the children of a node it shows expanded. */
  private redraw(node: AppsTreeNode | undefined): void {
    if (node) this.changed.fire(node);
  }

  private errorNodes(error: unknown, key: string, failed: AppNode | BuildNode): AppsTreeNode[] {
    // In the view rather than a toast: the user expanded this node and is looking at it.
    const message = this.deps.presenter.describe(error);
    if (!message) return [];
    const fix = accountFix(viewFix(message, { command: CommandId.refresh, arguments: [failed] }), failed.account);
    return [new MessageNode(message.short, message.severity, { detail: message.message, fix, key: `error:${key}` })];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
