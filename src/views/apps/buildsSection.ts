import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Build, BuildServiceClient } from '../../api';
import { CommandId } from '../../ids';
import { repeatedIdsNote } from '../../core/apps/uniqueIds';
import type { BuildFilter } from '../../core/builds/filter';
import type { ErrorPresenter } from '../../services/errorPresenter';
import type { Account, Accounts } from '../../services/accounts/accounts';
import type { Log } from '../../services/log';
import type { Session } from '../../services/accounts/session';
import type { BuildTracker } from '../../services/builds/buildTracker';
import type { SettingsService } from '../../services/settings';
import { uniqueById } from '../../services/uniqueLists';
import { errorNodes, MessageNode } from '../messageNode';
import { BuildNode } from './buildNode';
import { BuildDetails } from './buildDetails';
import type { ArtifactSizes } from '../../services/sizes/artifactSizes';
import { DeploymentGroupsNode, groupRows } from './groupNodes';
import type { AppNode, AppsTreeNode } from './nodes';
import { Disposable } from '../../core/disposable';

export interface BuildsDeps {
  session: Session;
  accounts: Accounts;
  settings: SettingsService;
  presenter: ErrorPresenter;
  tracker: BuildTracker;
  log: Log;
  sizes: ArtifactSizes;
}

// Builds and build details, fetched only when a node is expanded; filters are kept by app id so a reload
// of the apps keeps them. Every map is by an id scoped to its account (Account.scoped): two services
// may use the same ids.
export class BuildsSection extends Disposable {
  private readonly filters = new Map<string, BuildFilter>();
  private readonly shown = new Map<string, BuildNode>();
  /** Each expanded app and the ids of the builds it lists, in order; the builds themselves are the tracker's. */
  private readonly lists = new Map<string, { app: AppNode; ids: readonly string[] }>();
  /** Expanded apps whose builds, and builds whose details, could not be loaded: a refresh asks again. */
  private readonly failedApps = new Map<string, AppNode>();
  private readonly failedDetails = new Set<string>();
  private readonly details: BuildDetails;
  /** One groups row per app node, kept so that reveal() and VS Code's expansion find the same object. */
  private readonly groupRows = new WeakMap<AppNode, DeploymentGroupsNode>();
  private readonly changed = new vscode.EventEmitter<AppsTreeNode>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: BuildsDeps) {
    super();
    this.details = new BuildDetails(deps.sizes);
    this.register(
      // The node reads the tracker's copy: a change only redraws it.
      deps.tracker.onDidChange(({ account, build }) => this.redraw(this.shown.get(account.scoped(build.id)))),
      // Another address or token may know the same build ids with other details.
      deps.session.onDidChange(() => this.details.clear()),
    );
  }

  filterOf(account: Account, appId: string): BuildFilter {
    return this.filters.get(account.scoped(appId)) ?? {};
  }

  /** Redraws the app (its description and menu follow the filter) and, if expanded, reloads its builds. */
  setFilter(app: AppNode, filter: BuildFilter): void {
    const key = app.account.scoped(app.app.id);
    if (filter.branch === undefined && filter.status === undefined) this.filters.delete(key);
    else this.filters.set(key, filter);
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

  // The expanded apps whose list of ids changed or failed, to be redrawn (asking once more); a build still
  // listed gets its fresh copy through the tracker, which redraws its row.
  async reloadExpanded(): Promise<AppNode[]> {
    const changed = [...this.failedApps.values()];
    for (const key of this.failedDetails) this.redraw(this.shown.get(key));
    await Promise.all(
      [...this.lists.values()].map(async ({ app, ids }) => {
        const connection = await app.account.connection();
        if (connection.kind !== 'ready') return;
        const builds = await this.listBuilds(connection.client, app).catch(() => undefined);
        const same = builds?.length === ids.length && builds.every((build, i) => build.id === ids[i]);
        if (!same) changed.push(app);
        else for (const build of builds) this.deps.tracker.record(app.account, build);
      }),
    );
    return changed;
  }

  retry(failed: BuildNode): void {
    this.redraw(this.shown.get(failed.account.scoped(failed.build.id)));
  }

  /** The app is collapsed: its builds are no longer on screen, so this view holds none of them (another view may). */
  collapsed(node: AppsTreeNode): void {
    if (node.kind !== 'app') return;
    const { account } = node;
    this.lists.delete(account.scoped(node.app.id));
    this.failedApps.delete(account.scoped(node.app.id));
    for (const [key, shown] of this.shown) if (shown.account === account && shown.appId === node.app.id) this.letGo(key, shown);
  }

  private letGo(key: string, node: BuildNode): void {
    node.release();
    this.shown.delete(key);
    this.failedDetails.delete(key);
  }

  private query(app: AppNode): BuildFilter & { limit: number } {
    const { branch, status } = this.filterOf(app.account, app.app.id);
    return { branch, status, limit: this.deps.settings.value.buildsPerApp };
  }

  /** Each build once in the whole tree (the first app wins): VS Code refuses two items of one id. */
  private async listBuilds(client: BuildServiceClient, app: AppNode): Promise<readonly Build[]> {
    const { account } = app;
    const appId = app.app.id;
    const list = `the builds of app ${appId}`;
    const builds = uniqueById(this.deps.log, list, await client.listBuilds(appId, this.query(app)), (build) => build.id);
    const elsewhere = (build: Build) => (this.shown.get(account.scoped(build.id))?.appId ?? appId) !== appId;
    if (!builds.some(elsewhere)) return builds;
    const both = `${list} and of another app`;
    const repeated = builds.filter(elsewhere).map((build) => build.id);
    this.deps.log.warnOnce(both, repeatedIdsNote(both, repeated));
    return builds.filter((build) => !elsewhere(build));
  }

  private async buildsOf(app: AppNode, client: BuildServiceClient): Promise<AppsTreeNode[]> {
    const { account } = app;
    const appKey = account.scoped(app.app.id);
    const { branch, status } = this.filterOf(account, app.app.id);
    let builds: readonly Build[];
    try {
      builds = await this.listBuilds(client, app);
    } catch (error) {
      this.lists.delete(appKey);
      this.failedApps.set(appKey, app);
      return this.errorNodes(error, `app:${appKey}`, app);
    }
    this.failedApps.delete(appKey);
    // A build the app showed before keeps its node (and its tree item and expansion), held anew with the fresh copy.
    const before = new Map([...this.shown].filter(([, n]) => n.appId === app.app.id && n.account === account));
    const nodes = builds.map((build) => {
      const held = this.deps.tracker.hold(account, build);
      const kept = before.get(account.scoped(build.id));
      kept?.holdAgain(held);
      return kept ?? new BuildNode(held, app.app.id, account);
    });
    const kept = new Set(nodes);
    for (const [key, node] of before) if (!kept.has(node)) this.letGo(key, node);
    this.lists.set(appKey, { app, ids: builds.map((build) => build.id) });
    for (const node of nodes) this.shown.set(account.scoped(node.build.id), node);
    let groups = this.groupRows.get(app);
    if (!groups) this.groupRows.set(app, (groups = new DeploymentGroupsNode(app)));
    if (nodes.length > 0) return [...nodes, groups];
    const note = branch !== undefined || status !== undefined ? l10n.t('No builds match the filter') : l10n.t('No builds yet');
    return [new MessageNode(note, 'info', { key: `empty:${appKey}` }), groups];
  }

  private async detailsOf(node: BuildNode, client: BuildServiceClient): Promise<AppsTreeNode[]> {
    const key = node.account.scoped(node.build.id);
    try {
      const rows = await this.details.rows(node, client);
      this.failedDetails.delete(key);
      return rows;
    } catch (error) {
      this.failedDetails.add(key);
      return this.errorNodes(error, `build:${key}`, node);
    }
  }

  /** VS Code asks again for the children of a node it shows expanded. */
  private redraw(node: AppsTreeNode | undefined): void {
    if (node) this.changed.fire(node);
  }

  // In the view rather than a toast: the user expanded this node and is looking at it.
  private errorNodes(error: unknown, key: string, failed: AppNode | BuildNode): AppsTreeNode[] {
    const retry = { command: CommandId.refresh, arguments: [failed] };
    return errorNodes(this.deps.presenter, error, { retry, account: failed.account, key: `error:${key}` });
  }

  override dispose(): void {
    for (const [key, node] of this.shown) this.letGo(key, node);
    super.dispose();
    this.changed.dispose();
  }
}
