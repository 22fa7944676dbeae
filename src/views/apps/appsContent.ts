import type * as vscode from 'vscode';
import type { ContextKeys } from '../../services/contextKeys';
import type { ErrorPresenter } from '../../services/errorPresenter';
import type { BuildPoller } from '../../services/poller';
import type { Session } from '../../services/session';
import type { SettingsService } from '../../services/settings';
import { AppsProvider } from './appsProvider';
import { BuildsSection } from './buildsSection';
import { PlatformIcons, type AppsTreeNode } from './nodes';

// The entry of dist/apps.js: what the Apps view shows (its provider, the builds below each app and
// their details, the nodes), loaded when VS Code first asks the view for children or a command
// needs it (views/apps/appsView.ts), not at activation. It gets the long-lived objects of activate()
// handed in and imports their types only, since a class imported by value would be this bundle's
// own copy (esbuild.mjs checks that none is).

/** This bundle's copy of core/language (its @vscode/l10n), told the display language on loading. */
export { useLanguage } from '../../core/language';

/** What the Apps view's content is made with, from activate(). */
export interface AppsContentDeps {
  session: Session;
  settings: SettingsService;
  presenter: ErrorPresenter;
  poller: BuildPoller;
  contextKeys: ContextKeys;
  /** Where media/ is, for the platform icons. */
  extensionUri: vscode.Uri;
}

/** The Apps view's provider and the builds section below its apps (the build commands use it too). */
export interface AppsContent extends vscode.Disposable {
  readonly provider: AppsProvider;
  readonly builds: BuildsSection;
}

export function createAppsContent(deps: AppsContentDeps, view: vscode.TreeView<AppsTreeNode>): AppsContent {
  const { session, settings, presenter, poller, contextKeys } = deps;
  const builds = new BuildsSection({ session, settings, presenter, poller });
  const icons = new PlatformIcons(deps.extensionUri);
  const provider = new AppsProvider({ session, settings, presenter, contextKeys, icons, builds }, view);
  return {
    provider,
    builds,
    dispose() {
      provider.dispose();
      builds.dispose();
    },
  };
}
