import * as l10n from '@vscode/l10n';
import { ApiError, type BuildServiceClient } from '../../api';
import { branchToLoad, loadBranchAcross, type AccountBranchSources, type AcrossResult } from '../../core/branch/branchLoad';
import type { RepoSnapshot } from '../../core/branch/branchState';
import { noticeText } from '../../core/text/serviceText';
import { Setting } from '../../ids';
import type { Session } from '../accounts/session';
import type { Log } from '../log';
import type { FirstLook } from '../firstLook';
import { windowSeen } from '../windowFocus';
import { promptForSetting } from '../settingPrompt';
import type { SettingsService } from '../settings';
import type { RepoAccounts } from './repoAccounts';
import type { RepoMap } from './repoMap';

export interface BranchLoaderDeps {
  session: Session;
  settings: SettingsService;
  log: Log;
  repoMap: RepoMap;
  choices: RepoAccounts;
  firstLook: FirstLook;
}

/** Asks the accounts for one repository's branch: which account and apps build it, and their latest builds. */
export class BranchLoader {
  /** The background refreshes of the app→repository maps under way, per account, aborted when the service changes. */
  private readonly refreshing = new Map<string, AbortController>();
  /** buildService.appId problems named already (said once). */
  private readonly pinProblems = new Set<string>();
  /** The app pinned when this last loaded; undefined before, when any change of settings reloads. */
  pinnedAppId: string | undefined;

  constructor(
    private readonly deps: BranchLoaderDeps,
    /** An app's repository changed behind a map that was used: everything loads again. */
    private readonly mapChanged: () => void,
  ) {}

  /** `loading` is told the branch once it is known to need the service. */
  async load(repo: RepoSnapshot, signal: AbortSignal, loading: (branch: string) => void): Promise<AcrossResult> {
    const { session, settings } = this.deps;
    // Every account that can be asked; with none, the window's account says why (the views' welcome).
    const ready = (
      await Promise.all(session.accounts.all().map(async (account) => ({ account, connection: await account.connection() })))
    ).flatMap(({ account, connection }) => (connection.kind === 'ready' ? [{ account, client: connection.client }] : []));
    const step = branchToLoad(repo, ready.length > 0 ? { kind: 'ready' } : await session.connection());
    if (step.kind !== 'load') return { state: step };
    const { branch } = step;
    await windowSeen(signal);
    loading(branch);
    this.pinnedAppId = settings.value.appId;
    const sources = ready.map(({ account, client }): AccountBranchSources => ({
      account: account.id,
      label: account.label,
      apps: () => account.apps(client, signal),
      repoUrls: async (apps, remoteUrls) => {
        const { repoUrlOf, stale, more } = await this.deps.repoMap.lookup(account.id, client, apps, remoteUrls, signal);
        const appIds = apps.map((app) => app.id);
        if (stale) this.refreshMap(account.id, client, appIds);
        // Another app found behind the window builds this repository too: everything loads again.
        void more?.then((found) => {
          if (found && !signal.aborted) this.mapChanged();
        });
        return repoUrlOf;
      },
      getLatestBuild: (appId, options) => client.getLatestBuild(appId, { ...options, signal }),
    }));
    const result = await loadBranchAcross(branch, repo.remoteUrls, this.pinnedAppId, sources, {
      remembered: this.deps.choices.remembered(repo.root),
      choose: (accounts) => this.deps.choices.askOnce(repo.root, repo.name, accounts),
      skipped: (account, error) =>
        this.deps.log.warn(`Current branch without ${account}: ${error instanceof ApiError ? error.kind : String(error)}`),
    });
    if (result.pin) this.reportPin(this.pinnedAppId, result.pin);
    return result;
  }

  /** An ambiguous or unknown buildService.appId is a setting problem, named once. */
  private reportPin(pin: string, problem: NonNullable<AcrossResult['pin']>): void {
    const key = `${problem.kind}|${pin}`;
    if (this.pinProblems.has(key)) return;
    this.pinProblems.add(key);
    const message =
      problem.kind === 'ambiguous'
        ? noticeText(
            l10n.t('{0} names {1}, an app ID of several accounts ({2}); put the account label first, e.g. {3}.'),
            Setting.appId,
            pin,
            problem.labels.join(', '),
            `${problem.labels[0] ?? ''}/${pin}`,
          )
        : noticeText(l10n.t('{0} names {1}, which none of your accounts lists.'), Setting.appId, pin);
    this.deps.log.warn(message);
    promptForSetting(Setting.appId, message, 'warning');
  }

  /**
   * An old map is used as it is, and asked again behind it once the user has looked at Build Service
   * (a request per app: not at every window's open); a change of an app's repository reloads.
   */
  private refreshMap(account: string, client: BuildServiceClient, appIds: readonly string[]): void {
    if (this.refreshing.has(account)) return;
    const controller = new AbortController();
    this.refreshing.set(account, controller);
    this.deps.firstLook
      .whenSeen(controller.signal)
      .then(() => this.deps.repoMap.refresh(account, client, appIds, controller.signal))
      .then(
        (changed) => {
          if (changed && !controller.signal.aborted) this.mapChanged();
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            this.deps.log.warn(`Asking the apps which repository they build: ${error instanceof ApiError ? error.kind : String(error)}`);
        },
      )
      .finally(() => {
        if (this.refreshing.get(account) === controller) this.refreshing.delete(account);
      });
  }

  abortRefreshes(): void {
    for (const controller of this.refreshing.values()) controller.abort();
    this.refreshing.clear();
  }

  /** The window closes: the first sweeps' rests stop too (a session change leaves them: they ask by account). */
  dispose(): void {
    this.abortRefreshes();
    this.deps.repoMap.stopBackground();
  }
}
