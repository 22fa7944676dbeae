import type * as vscode from 'vscode';
import type { ToolNameValue } from '../ids';
import type { ClientCache } from '../services/clientCache';
import type { CurrentBranch } from '../services/currentBranch';
import type { GitWorkspace } from '../services/gitWorkspace';
import type { Log } from '../services/log';
import type { BuildPoller } from '../services/poller';
import type { Session } from '../services/session';
import type { SettingsService } from '../services/settings';
import type { TokenStore } from '../services/tokenStore';
import type { AppsView } from '../views/apps/appsView';
import type { BuildsSection } from '../views/apps/buildsSection';
import type { CurrentBranchView } from '../views/branch/currentBranchView';
import type { QrPanel } from '../views/qrPanel';
import type { BuildTests } from '../views/testing/buildTests';
import { BranchCommands } from './branchCommands';
import { BuildCommands } from './buildCommands';
import { ChatTools } from './chatTools';
import { InstallCommands } from './installCommands';
import { LinkCommands } from './linkCommands';
import { NetworkCommands } from './networkCommands';
import type { CommandTable } from './register';
import { commandTable } from './table';
import { CommandTargets } from './targets';
import { TestCommands } from './testCommands';
import { TokenCommands } from './tokenCommands';

// The entry of dist/commands.js: what runs when a command or a language-model tool is used, loaded on
// the first such call (commands/lazyCommands.ts), not at activation. Everything here gets the
// long-lived objects of activate() handed in; it imports their types only, since a class imported by
// value would be this bundle's own copy (esbuild.mjs checks that none is).

/** This bundle's copy of core/language (its @vscode/l10n), told the display language on loading. */
export { useLanguage } from '../core/language';

/** The long-lived objects the commands and tools act on, made in activate(). */
export interface CommandDeps {
  tokens: TokenStore;
  log: Log;
  settings: SettingsService;
  clients: ClientCache;
  session: Session;
  apps: AppsView;
  /** The Apps view's builds (dist/apps.js), loaded with the commands. */
  builds: BuildsSection;
  poller: BuildPoller;
  git: GitWorkspace;
  branch: CurrentBranch;
  branchView: CurrentBranchView;
  buildTests: BuildTests;
  qrPanel: QrPanel;
}

export interface Commands {
  /** Every command's handler, by id. */
  readonly table: CommandTable;
  /** The language-model tools, by name. */
  readonly tools: Readonly<Record<ToolNameValue, vscode.LanguageModelTool<object>>>;
}

export function createCommands(d: CommandDeps): Commands {
  const targets = new CommandTargets(d.apps);
  const table = commandTable(
    {
      tokens: new TokenCommands(d.tokens, d.apps, d.log),
      links: new LinkCommands(d.settings, targets, d.log),
      builds: new BuildCommands(d.session, d.apps, targets, d.builds, d.poller, d.log),
      branch: new BranchCommands(d.session, d.git, d.branch, d.branchView, d.apps, targets, d.poller, d.log),
      tests: new TestCommands(d.buildTests, targets, d.branch, d.session),
      install: new InstallCommands(d.session, d.git, d.branch, d.qrPanel, targets, d.log),
      network: new NetworkCommands(d.settings, d.clients),
    },
    d.log,
  );
  const { session, branch, git, poller, apps, settings, log } = d;
  return { table, tools: new ChatTools({ session, branch, git, poller, apps, settings, log }).tools() };
}
