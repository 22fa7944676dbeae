import type { Build } from '../api';
import type { AppsProvider } from '../views/apps/appsProvider';
import { BuildNode } from '../views/apps/buildNode';
import { AppNode } from '../views/apps/nodes';
import { BranchBuildNode } from '../views/branch/branchNodes';

// The node a context-menu command was invoked on; from a keybinding or the palette, the Apps view's
// selection. Every command on an app or a build finds its target here.

export function appTarget(node: unknown, apps: AppsProvider): AppNode | undefined {
  return node instanceof AppNode ? node : apps.view.selection.find((n) => n instanceof AppNode);
}

export function buildTarget(node: unknown, apps: AppsProvider): BuildNode | undefined {
  return node instanceof BuildNode ? node : apps.view.selection.find((n) => n instanceof BuildNode);
}

/** The name of the app a build node sits under, as the user sees it. */
export function appNameOf(build: BuildNode, apps: AppsProvider): string | undefined {
  const parent = apps.getParent(build);
  return parent?.kind === 'app' ? parent.app.name || parent.app.id : undefined;
}

/** A build and the name of its app, from a build in the Apps view or the Current Branch view. */
export interface BuildWithApp {
  readonly build: Build;
  readonly appName: string;
}

/** The build a command acts on: a node of either view, or the Apps view's selection. */
export function anyBuildTarget(node: unknown, apps: AppsProvider): BuildWithApp | undefined {
  if (node instanceof BranchBuildNode) return node.build ? { build: node.build, appName: node.app.name || node.app.id } : undefined;
  const target = buildTarget(node, apps);
  return target ? { build: target.build, appName: appNameOf(target, apps) ?? target.appId } : undefined;
}
