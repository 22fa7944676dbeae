import * as vscode from 'vscode';
import { TokenStore, TOKEN_SECRET_KEY } from './services/tokenStore';
import { ClientCache } from './services/clientCache';
import { UnencryptedConsent } from './services/unencryptedConsent';
import { commandTable } from './commands/table';
import { APPS_VIEW_ID } from './ids';
import { registerCommands } from './commands/register';
import { SettingProblemNotifier } from './services/settingProblems';
import { SettingsService } from './services/settings';
import { ContextKeys } from './services/contextKeys';
import { ErrorPresenter } from './services/errorPresenter';
import type { BuildServiceExports } from './exports';
import { Log, LOG_CHANNEL_NAME } from './services/log';
import { setupBranch } from './views/branch/setupBranch';
import { BuildsSection } from './views/apps/buildsSection';
import { BuildPoller } from './services/poller';
import { AppsProvider } from './views/apps/appsProvider';
import { PlatformIcons } from './views/apps/nodes';

// Wires the long-lived objects together and returns at once: nothing here waits for the network.
// The first request happens when VS Code asks the Apps view for its children.
export function activate(context: vscode.ExtensionContext): BuildServiceExports {
  const tokens = new TokenStore(context.secrets);
  const log = new Log(() => tokens.knownSecrets());
  const settings = new SettingsService();
  const presenter = new ErrorPresenter(log, tokens, () => settings.value.timeoutSeconds);
  const { version } = context.extension.packageJSON as { version?: unknown };
  const userAgent = `build-service-vscode/${typeof version === 'string' ? version : '0'}`;
  const clients = new ClientCache(settings, tokens, log, userAgent, new UnencryptedConsent(context.globalState, log));
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  // Tests cannot wait 10 s per poll; they run with short intervals.
  const poller = new BuildPoller({ clients, settings, log, intervals: testMode ? { firstMs: 300, maxMs: 1000 } : undefined });
  const builds = new BuildsSection({ clients, settings, presenter, poller });
  const apps = new AppsProvider({ settings, tokens, clients, presenter, builds, contextKeys: new ContextKeys(), icons: new PlatformIcons(context.extensionUri) });
  const appsView = vscode.window.createTreeView(APPS_VIEW_ID, { treeDataProvider: apps });
  // After a trigger the Apps view reloads, so the new build shows under its app.
  const branch = setupBranch({ clients, tokens, settings, presenter, poller, log, afterTrigger: () => apps.invalidate() });
  const settingProblems = new SettingProblemNotifier(log);
  settingProblems.report(settings.value);

  context.subscriptions.push(
    log, tokens, settings, presenter, clients, poller, builds, apps, appsView, ...branch.disposables,
    appsView.onDidCollapseElement((e) => builds.collapsed(e.element)),
    settings.onDidChange((value) => {
      settingProblems.report(value);
      apps.invalidate();
    }),
    // Also how a token set or cleared in another window arrives (secrets.onDidChange).
    tokens.onDidChange(() => apps.invalidate()),
    ...registerCommands(commandTable({ settings, tokens, presenter, log, apps, appsView, branch: branch.services, clients, builds, poller }), presenter),
  );

  const testing =
    context.extensionMode === vscode.ExtensionMode.Test
      ? {
          secrets: context.secrets,
          tokenSecretKey: TOKEN_SECRET_KEY,
          logFile: vscode.Uri.joinPath(context.logUri, `${LOG_CHANNEL_NAME}.log`),
          appsView,
          poller,
          branch: { model: branch.services.model, tree: branch.services.tree, statusBar: branch.statusBar, git: branch.services.git, poller },
        }
      : undefined;
  return { apps, testing };
}

export function deactivate(): void {}
