import type { App, Build, BuildLink } from '../api';
import { Account } from '../services/accounts/accounts';
import type { AccountBuild } from '../services/builds/buildTracker';
import type { DetailRow } from '../core/builds/detailRows';
import type { AppsView } from '../views/apps/appsView';
import { BuildNode } from '../views/apps/buildNode';
import { DetailNode } from '../views/apps/detailNode';
import { AppNode } from '../views/apps/nodes';
import { BranchBuildNode } from '../views/branch/branchNodes';

// The node a context-menu command was invoked on; from a keybinding or the palette, the Apps view's selection.
const isAppNode = (node: unknown): node is AppNode => node instanceof AppNode;
const isBuildNode = (node: unknown): node is BuildNode => node instanceof BuildNode;

export interface BuildWithApp {
  readonly build: Build;
  readonly appName: string;
  /** Whose build it is, when a node of the Apps view says so. */
  readonly account?: Account;
}

export interface BranchBuildTarget {
  readonly app: App;
  readonly branch: string;
  readonly build: Build | undefined;
  /** The account its repository uses: the row acts with it, not with the window's. */
  readonly account?: Account;
}

export class CommandTargets {
  constructor(private readonly apps: AppsView) {}

  app(node: unknown): AppNode | undefined {
    return isAppNode(node) ? node : this.apps.view.selection.find(isAppNode);
  }

  /** Only the app clicked in the Apps view; a command from the palette asks instead. */
  clickedApp(node: unknown): AppNode | undefined {
    return isAppNode(node) ? node : undefined;
  }

  build(node: unknown): BuildNode | undefined {
    return isBuildNode(node) ? node : this.apps.view.selection.find(isBuildNode);
  }

  appNameOf(build: BuildNode): string | undefined {
    const parent = this.apps.getParent(build);
    return parent?.kind === 'app' ? parent.app.name || parent.app.id : undefined;
  }

  anyBuild(node: unknown): BuildWithApp | undefined {
    if (node instanceof BranchBuildNode)
      return node.build ? { build: node.build, appName: node.app.name || node.app.id, account: node.account } : undefined;
    const target = this.build(node);
    return target ? { build: target.build, appName: this.appNameOf(target) ?? target.appId, account: target.account } : undefined;
  }

  /** A build with its account, as the completion notice hands it to Open Build and Show Failed Tests. */
  accountBuild(value: unknown): AccountBuild | undefined {
    return typeof value === 'object' && value !== null && 'account' in value && value.account instanceof Account && 'build' in value
      ? (value as AccountBuild)
      : undefined;
  }

  detailRow(node: unknown): DetailRow | undefined {
    return node instanceof DetailNode ? node.row : undefined;
  }

  /** Whose node it is: in the Apps view (an app, a build, a row of its details), or a Current Branch build row. */
  accountOf(node: unknown): Account | undefined {
    return node instanceof AppNode || node instanceof BuildNode || node instanceof DetailNode || node instanceof BranchBuildNode
      ? node.account
      : undefined;
  }

  /** The link of a download row in a build's details. */
  downloadLink(node: unknown): BuildLink | undefined {
    return node instanceof DetailNode && node.row.contextValue === 'downloadLink' ? node.row.link : undefined;
  }

  branchBuild(node: unknown): BranchBuildTarget | undefined {
    return node instanceof BranchBuildNode ? node : undefined;
  }
}
