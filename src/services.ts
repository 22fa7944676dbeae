import type * as vscode from 'vscode';
import type { TokenStore } from './auth/tokenStore';
import type { BranchServices } from './branch/branchServices';
import type { SettingsService } from './config/settings';
import type { ErrorPresenter } from './errors/errorPresenter';
import type { Log } from './log';
import type { BuildsSection } from './builds/buildsSection';
import type { BuildPoller } from './builds/poller';
import type { ClientCache } from './clientCache';
import type { AppsProvider } from './tree/appsProvider';
import type { AppsTreeNode } from './tree/nodes';

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
