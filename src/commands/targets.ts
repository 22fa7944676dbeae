import type { App, Build } from '../api';
import type { DetailRow } from '../core/detailRows';
import type { AppsView } from '../views/apps/appsView';
import type { BuildNode } from '../views/apps/buildNode';
import type { DetailNode } from '../views/apps/detailNode';
import type { AppNode } from '../views/apps/nodes';
import type { BranchBuildNode } from '../views/branch/branchNodes';
import { isTreeNode } from '../views/treeNode';

// The node a context-menu command was invoked on; from a keybinding or the palette, the Apps view's
// selection. Every command on an app or a build finds its target here.
//
// The nodes come from other bundles (the Apps view's from dist/apps.js, the Current Branch view's
// from dist/extension.js) while this runs in dist/commands.js, so it asks their kind through
// views/treeNode.ts, never `instanceof`: a class imported here would be this bundle's own copy.
const isAppNode = (node: unknown): node is AppNode => isTreeNode<AppNode>(node, 'app');
const isBuildNode = (node: unknown): node is BuildNode => isTreeNode<BuildNode>(node, 'build');

/** A build and the name of its app, from a build in the Apps view or the Current Branch view. */
export interface BuildWithApp {
  readonly build: Build;
  readonly appName: string;
}

/** A build of the Current Branch view: its app, the branch, and the build shown (if any). */
export interface BranchBuildTarget {
  readonly app: App;
  readonly branch: string;
  readonly build: Build | undefined;
}

export class CommandTargets {
  constructor(private readonly apps: AppsView) {}

  /** An app of the Apps view: the one clicked, else the selected one. */
  app(node: unknown): AppNode | undefined {
    return isAppNode(node) ? node : this.apps.view.selection.find(isAppNode);
  }

  /** Only the app clicked in the Apps view; a command from the palette asks instead. */
  clickedApp(node: unknown): App | undefined {
    return isAppNode(node) ? node.app : undefined;
  }

  /** A build of the Apps view: the one clicked, else the selected one. */
  build(node: unknown): BuildNode | undefined {
    return isBuildNode(node) ? node : this.apps.view.selection.find(isBuildNode);
  }

  /** The name of the app a build node sits under, as the user sees it. */
  appNameOf(build: BuildNode): string | undefined {
    const parent = this.apps.getParent(build);
    return parent?.kind === 'app' ? parent.app.name || parent.app.id : undefined;
  }

  /** The build a command acts on: a node of either view, or the Apps view's selection. */
  anyBuild(node: unknown): BuildWithApp | undefined {
    if (isTreeNode<BranchBuildNode>(node, 'branchBuild'))
      return node.build ? { build: node.build, appName: node.app.name || node.app.id } : undefined;
    const target = this.build(node);
    return target ? { build: target.build, appName: this.appNameOf(target) ?? target.appId } : undefined;
  }

  /** A row of a build's details in the Apps view (an install link's row, for one). */
  detailRow(node: unknown): DetailRow | undefined {
    return isTreeNode<DetailNode>(node, 'detail') ? node.row : undefined;
  }

  /** A build of the Current Branch view. */
  branchBuild(node: unknown): BranchBuildTarget | undefined {
    return isTreeNode<BranchBuildNode>(node, 'branchBuild') ? node : undefined;
  }
}
