import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App } from '../../api';
import { notReady } from '../../core/accounts/connection';
import { sortByName } from '../../core/apps/sortApps';
import { ContextKey, ViewId } from '../../ids';
import type { Account } from '../../services/accounts/accounts';
import type { Connection } from '../../services/accounts/account';
import type { Session } from '../../services/accounts/session';
import type { ContextKeys } from '../../services/contextKeys';
import type { ErrorPresenter } from '../../services/errorPresenter';
import { windowSeen } from '../../services/windowFocus';
import { errorNodes, MessageNode } from '../messageNode';
import type { BuildsSection } from './buildsSection';
import type { LoadOutcome } from './loadOutcome';
import { AccountNode, AppNode, PlatformIcons, sameApp, type AppsTreeNode } from './nodes';

/**
 * What package.json's welcomes and walkthrough read of the connection, before any app is listed. The
 * common case sets appsState to '' (never sent): a welcome shown until activation, or one the load
 * changes, would flash in the view and cost a redraw on every cold open.
 */
export function showConnection(contextKeys: ContextKeys, connection: Connection['kind']): void {
  // Whether a token exists is known only once the address is usable; until then the key stays.
  if (connection === 'ready' || connection === 'no-token') contextKeys.set(ContextKey.hasToken, connection === 'ready');
  const state = connection === 'not-configured' ? 'notConfigured' : connection === 'no-token' ? 'noToken' : '';
  contextKeys.set(ContextKey.appsState, state);
}

export interface AppsRootsDeps {
  session: Session;
  presenter: ErrorPresenter;
  contextKeys: ContextKeys;
  extensionUri: vscode.Uri;
}

/** The Apps view's top level: one account's apps, or with several accounts a node per account over its apps or its error. */
export class AppsRoots {
  private readonly icons: PlatformIcons;
  private sorted = new WeakMap<readonly App[], readonly App[]>();

  constructor(
    private readonly deps: AppsRootsDeps,
    private readonly builds: BuildsSection,
    /** The app nodes shown now: an app the service describes as before keeps its node. */
    private readonly shownApps: () => AppNode[],
  ) {
    this.icons = new PlatformIcons(deps.extensionUri);
  }

  async fetch(signal: AbortSignal): Promise<{ roots: AppsTreeNode[]; outcome: LoadOutcome }> {
    const { session, presenter, contextKeys } = this.deps;
    const accounts = session.accounts.all();
    if (accounts.length > 1) return this.fetchAccounts(accounts, signal);
    const connection = await session.connection();
    showConnection(contextKeys, connection.kind);
    if (connection.kind !== 'ready') contextKeys.set(ContextKey.appsListed, false);
    switch (connection.kind) {
      case 'not-configured':
        return { roots: [], outcome: { status: 'skipped', reason: 'not-configured' } };
      case 'invalid-setting':
        // Already announced when the setting changed (SettingProblemNotifier): a node, no second toast.
        return { roots: this.errorNodes(notReady(connection)), outcome: { status: 'skipped', reason: 'invalid-setting' } };
      case 'no-token':
        return { roots: [], outcome: { status: 'skipped', reason: 'no-token' } };
    }
    try {
      await windowSeen(signal);
      const apps = await vscode.window.withProgress({ location: { viewId: ViewId.apps } }, () => session.apps(connection.client, signal));
      const account = session.accounts.ofClient(connection.client);
      presenter.succeeded(account);
      contextKeys.set(ContextKey.appsState, apps.length === 0 ? 'noApps' : '');
      contextKeys.set(ContextKey.appsListed, apps.length > 0);
      return { roots: account ? this.appNodesOf(account, apps, false) : [], outcome: { status: 'loaded', count: apps.length } };
    } catch (error) {
      if (signal.aborted) return { roots: [], outcome: { status: 'skipped', reason: 'superseded' } };
      presenter.present(error, l10n.t('Loading apps'));
      return { roots: this.errorNodes(error), outcome: { status: 'failed', error } };
    }
  }

  // Several accounts: a failing account shows its own error and fix, and hides no other account's apps.
  private async fetchAccounts(accounts: readonly Account[], signal: AbortSignal): Promise<{ roots: AppsTreeNode[]; outcome: LoadOutcome }> {
    const { contextKeys } = this.deps;
    contextKeys.set(ContextKey.appsState, '');
    const nodes = await vscode.window.withProgress({ location: { viewId: ViewId.apps } }, () =>
      Promise.all(accounts.map((account) => this.accountNode(account, signal))),
    );
    if (signal.aborted) return { roots: [], outcome: { status: 'skipped', reason: 'superseded' } };
    const count = nodes.reduce((n, node) => n + node.children.filter((c) => c.kind === 'app').length, 0);
    contextKeys.set(ContextKey.hasToken, true);
    contextKeys.set(ContextKey.appsListed, count > 0);
    return { roots: nodes, outcome: { status: 'loaded', count } };
  }

  private async accountNode(account: Account, signal: AbortSignal): Promise<AccountNode> {
    const connection = await account.connection();
    switch (connection.kind) {
      case 'not-configured':
      case 'invalid-setting':
        return new AccountNode(account, this.errorNodes(notReady(connection), account), l10n.t('address not valid'));
      case 'no-token':
        return new AccountNode(account, this.errorNodes(notReady(connection), account), l10n.t('no access token'));
    }
    try {
      await windowSeen(signal);
      const apps = await this.deps.session.apps(connection.client, signal);
      this.deps.presenter.succeeded(account);
      const state = apps.length === 1 ? l10n.t('1 app') : l10n.t('{0} apps', apps.length.toLocaleString(vscode.env.language));
      const children = apps.length
        ? this.appNodesOf(account, apps, true)
        : [new MessageNode(l10n.t('No apps'), 'info', { key: `empty:${account.id}` })];
      return new AccountNode(account, children, state);
    } catch (error) {
      if (!signal.aborted) this.deps.presenter.present(error, l10n.t('Loading apps of {0}', account.label));
      return new AccountNode(account, this.errorNodes(error, account), l10n.t('failed'));
    }
  }

  /** The account lists each id once: VS Code refuses a tree with two items of one id. */
  private appNodesOf(account: Account, apps: readonly App[], underAccount: boolean): AppNode[] {
    // An app the service describes as before keeps its node (and so its tree item and its expansion).
    const before = new Map(this.shownApps().flatMap((n) => (n.account === account ? [[n.app.id, n] as const] : [])));
    return this.sortedOnce(apps).map((app) => {
      const kept = before.get(app.id);
      return kept && sameApp(kept.app, app)
        ? kept
        : new AppNode(app, account, this.icons, this.builds.filterOf(account, app.id), underAccount);
    });
  }

  private sortedOnce(apps: readonly App[]): readonly App[] {
    const kept = this.sorted.get(apps);
    if (kept) return kept;
    const sorted = sortByName(apps);
    this.sorted.set(apps, sorted);
    return sorted;
  }

  /** Under an account (several accounts), the node is that account's and so is its fix. */
  errorNodes(error: unknown, account?: Account): AppsTreeNode[] {
    return errorNodes(this.deps.presenter, error, { account, key: account ? `error:${account.id}` : undefined });
  }
}
