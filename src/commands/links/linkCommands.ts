import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { loggedText } from '../../core/text/serviceText';
import { CommandId, EXTENSION_ID, Setting } from '../../ids';
import { explainMissingAddress, openWebPage } from '../../services/links';
import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { CommandGroup } from '../register';
import type { CommandTargets } from '../targets';

const PROFILE_PAGE = 'profile';

type LinkCommandId =
  | typeof CommandId.openDashboard
  | typeof CommandId.openStatusPage
  | typeof CommandId.openSettings
  | typeof CommandId.openAppInDashboard
  | typeof CommandId.openBuildInDashboard
  | typeof CommandId.openCommit
  | typeof CommandId.openBuildLink
  | typeof CommandId.showLog;

export class LinkCommands {
  constructor(
    private readonly settings: SettingsService,
    private readonly targets: CommandTargets,
    private readonly log: Log,
  ) {}

  table(): CommandGroup<LinkCommandId> {
    return {
      // `page` is 'accessToken' from the welcome view's link, to land where tokens are made.
      [CommandId.openDashboard]: (page) => this.openDashboardPage(page === 'accessToken' ? PROFILE_PAGE : '', l10n.t('the dashboard')),
      [CommandId.openStatusPage]: () => this.openStatusPage(),
      [CommandId.openSettings]: (setting) => openSettings(setting),
      [CommandId.showLog]: () => this.log.show(),
      [CommandId.openAppInDashboard]: (node) => this.openAppInDashboard(node),
      [CommandId.openBuildInDashboard]: (node) => this.openBuildInDashboard(node),
      [CommandId.openCommit]: (node) => this.openCommit(node),
      // A link from a build's details (commit, install, download): only a string, and only http(s).
      [CommandId.openBuildLink]: (url) => (typeof url === 'string' ? openWebPage(url, this.log) : undefined),
    };
  }

  private async openDashboardPage(path: string, what: string): Promise<void> {
    const base = this.settings.value.dashboardUrl;
    if (!base) return explainMissingAddress(Setting.dashboardUrl, what);
    await openWebPage(path ? `${base}/${path}` : base, this.log);
  }

  private async openStatusPage(): Promise<void> {
    const url = this.settings.value.statusUrl;
    if (!url) return explainMissingAddress(Setting.statusUrl, l10n.t('the status page'));
    await openWebPage(url, this.log);
  }

  private async openAppInDashboard(node: unknown): Promise<void> {
    const app = this.targets.app(node);
    if (app) await this.openDashboardPage(`apps/${encodeURIComponent(app.app.id)}`, l10n.t('the app in the dashboard'));
  }

  private async openBuildInDashboard(node: unknown): Promise<void> {
    const target = this.targets.build(node);
    if (!target) return;
    const appId = target.build.appId ?? target.appId;
    await this.openDashboardPage(
      `apps/${encodeURIComponent(appId)}/builds/${encodeURIComponent(target.build.id)}`,
      l10n.t('the build in the dashboard'),
    );
  }

  private async openCommit(node: unknown): Promise<void> {
    const target = this.targets.build(node);
    if (!target) return;
    const url = target.build.commit.url;
    if (url) await openWebPage(url, this.log);
    else this.log.info(`Build ${loggedText(target.build.id)} names no commit page.`);
  }
}

async function openSettings(setting: unknown): Promise<void> {
  const known = Object.values(Setting) as string[];
  const query = typeof setting === 'string' && known.includes(setting) ? setting : `@ext:${EXTENSION_ID}`;
  await vscode.commands.executeCommand('workbench.action.openSettings', query);
}
