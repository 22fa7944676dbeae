import * as vscode from 'vscode';
import type { App } from '../../api';
import type { TokenStore } from '../../services/tokenStore';
import type { BuildPoller } from '../../services/poller';
import { CompletionNotice } from '../completionNotice';
import type { ClientCache } from '../../services/clientCache';
import { CommandId, ViewId } from '../../ids';
import type { SettingsService } from '../../services/settings';
import type { ErrorPresenter } from '../../services/errorPresenter';
import { GitWorkspace } from '../../services/gitWorkspace';
import type { Log } from '../../services/log';
import { AppDirectory } from '../../services/appDirectory';
import type { BranchServices } from '../../services/branchServices';
import { BranchStatusBar } from './branchStatusBar';
import { CurrentBranch } from '../../services/currentBranch';
import { CurrentBranchProvider } from './currentBranchProvider';

export interface BranchSetupDeps {
  clients: ClientCache;
  tokens: TokenStore;
  settings: SettingsService;
  presenter: ErrorPresenter;
  poller: BuildPoller;
  log: Log;
  afterTrigger: (app: App) => void;
}

/**
 * The Current Branch view, its status-bar item and the completion notice, wired together. Sends
 * nothing and waits for nothing: Git is hooked up in the background and the first request goes out
 * once it has said which branch is checked out.
 */
export function setupBranch(deps: BranchSetupDeps): { services: BranchServices; statusBar: BranchStatusBar; disposables: vscode.Disposable[] } {
  const { clients, tokens, settings, presenter, poller, log, afterTrigger } = deps;
  const git = new GitWorkspace(log);
  const directory = new AppDirectory();
  const model = new CurrentBranch({ git, clients, tokens, settings, poller, directory, log });
  const tree = new CurrentBranchProvider(model, presenter);
  const view = vscode.window.createTreeView(ViewId.currentBranch, { treeDataProvider: tree });
  const showBranch = (state = model.state) => (view.description = 'branch' in state && state.branch ? state.branch : undefined);
  showBranch();
  const statusBar = new BranchStatusBar(model);
  const openBuild = (build: { id: string }) => vscode.commands.executeCommand(CommandId.revealCurrentBranchBuild, build.id);
  const notice = new CompletionNotice(poller, settings, (id) => directory.nameOf(id), openBuild, log);
  const services: BranchServices = { clients, git, directory, poller, model, tree, view, afterTrigger };
  return { services, statusBar, disposables: [git, model, tree, view, statusBar, notice, model.onDidChange((s) => showBranch(s))] };
}
