import type * as vscode from 'vscode';
import type { TokenStore } from './services/tokenStore';
import type { BranchServices } from './services/branchServices';
import type { SettingsService } from './services/settings';
import type { ErrorPresenter } from './services/errorPresenter';
import type { Log } from './services/log';
import type { BuildsSection } from './views/apps/buildsSection';
import type { BuildPoller } from './services/poller';
import type { ClientCache } from './services/clientCache';
import type { AppsProvider } from './views/apps/appsProvider';
import type { AppsTreeNode } from './views/apps/nodes';

/** The long-lived objects activate() creates, as the command handlers see them. */
export interface Services {
  readonly settings: SettingsService;
  readonly tokens: TokenStore;
  readonly presenter: ErrorPresenter;
  readonly log: Log;
  readonly apps: AppsProvider;
  readonly appsView: vscode.TreeView<AppsTreeNode>;
  readonly branch: BranchServices;
  readonly clients: ClientCache;
  readonly builds: BuildsSection;
  readonly poller: BuildPoller;
}
