import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { Setting, SETTINGS_SECTION, type SettingId } from '../ids';
import { InvalidBaseUrlError } from '../api/errors';
import { parseBaseUrl } from '../api/client/baseUrl';
import { checkTimeoutSeconds, checkWebAddress, TIMEOUT_DEFAULT_SECONDS, type Checked } from '../core/settings/validate';
import { BUILDS_PER_APP_DEFAULT, checkBuildsPerApp, checkFlag } from '../core/settings/validateBuilds';
import { checkAppId, checkBaseBranchName } from '../core/settings/validateBranch';
import { checkDownloadSizeLimit, DOWNLOAD_LIMIT_DEFAULT_MB } from '../core/settings/validateDownloads';
import { checkNotifyChoice, type NotifyChoice } from '../core/settings/notifyChoice';
import { checkBaseBranch, checkFlakyBuilds, FLAKY_BUILDS_DEFAULT } from '../core/testing/comparisonSettings';
import { checkSizeIncrease } from '../core/settings/validateSizes';
import type { SizeLimit } from '../core/artifacts/artifactSizes';

export interface SettingProblem {
  setting: SettingId;
  problem: string;
}

/** The settings, checked. An invalid value reads as "not set" (or the default) and adds a problem. */
export interface Settings {
  /** '' when not set or invalid; otherwise the /v1 address without a trailing slash. */
  readonly baseUrl: string;
  /** True when buildService.baseUrl holds something, valid or not. */
  readonly baseUrlSet: boolean;
  readonly dashboardUrl: string;
  readonly statusUrl: string;
  readonly timeoutSeconds: number;
  /** Larger downloads are refused (in MB of 1,000,000 bytes). */
  readonly downloadSizeLimitMB: number;
  readonly buildsPerApp: number;
  readonly autoRefresh: boolean;
  /** Lower-cased; '' to match apps by the repository. */
  readonly appId: string;
  readonly notifyOnCompletion: NotifyChoice;
  readonly testResultsForCurrentBranch: boolean;
  readonly showPassingTests: boolean;
  readonly coverageForCurrentBranch: boolean;
  /** The label of the account this workspace uses; '' for the first. */
  readonly account: string;
  /** How much the branch's app may grow against the base before its row is marked; undefined: no limit. */
  readonly sizeIncrease: SizeLimit | undefined;
  readonly problems: readonly SettingProblem[];
}

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const problems: SettingProblem[] = [];
  const take = <T>(setting: SettingId, checked: Checked<T>, fallback: T): T => {
    if (checked.ok) return checked.value;
    problems.push({ setting, problem: checked.problem });
    return fallback;
  };
  // Read per repository (baseBranchSetting, below); checked here too, so a bad value is said like the others'.
  take(Setting.baseBranch, checkBaseBranchName(config.get('baseBranch')), '');
  const rawBase = config.get<unknown>('baseUrl');
  const baseUrlSet = typeof rawBase === 'string' ? rawBase.trim() !== '' : rawBase !== undefined && rawBase !== null;
  return {
    baseUrl: baseUrlSet ? take(Setting.baseUrl, checkBaseUrl(rawBase), '') : '',
    baseUrlSet,
    dashboardUrl: take(Setting.dashboardUrl, checkWebAddress(config.get('dashboardUrl')), ''),
    statusUrl: take(Setting.statusUrl, checkWebAddress(config.get('statusUrl')), ''),
    timeoutSeconds: take(Setting.requestTimeoutSeconds, checkTimeoutSeconds(config.get('requestTimeoutSeconds')), TIMEOUT_DEFAULT_SECONDS),
    downloadSizeLimitMB: take(
      Setting.downloadSizeLimitMB,
      checkDownloadSizeLimit(config.get('downloadSizeLimitMB')),
      DOWNLOAD_LIMIT_DEFAULT_MB,
    ),
    buildsPerApp: take(Setting.buildsPerApp, checkBuildsPerApp(config.get('buildsPerApp')), BUILDS_PER_APP_DEFAULT),
    autoRefresh: take(Setting.autoRefresh, checkFlag(config.get('autoRefresh'), true), true),
    appId: take(Setting.appId, checkAppId(config.get('appId')), ''),
    notifyOnCompletion: take(Setting.notifyOnCompletion, checkNotifyChoice(config.get('notifyOnCompletion')), 'triggered'),
    testResultsForCurrentBranch: take(
      Setting.testResultsForCurrentBranch,
      checkFlag(config.get('testResultsForCurrentBranch'), true),
      true,
    ),
    showPassingTests: take(Setting.showPassingTests, checkFlag(config.get('showPassingTests'), false), false),
    coverageForCurrentBranch: take(Setting.coverageForCurrentBranch, checkFlag(config.get('coverageForCurrentBranch'), true), true),
    account: textOf(config.get('account')),
    sizeIncrease: take(Setting.sizeIncrease, checkSizeIncrease(config.get('sizeIncrease')), undefined),
    problems,
  };
}

/**
 * buildService.baseBranch for a repository: the user's own value wins over a workspace's (a team may
 * commit one that does not fit everyone's checkout); '' when none is set or it is not a branch name.
 */
export function baseBranchSetting(resource?: vscode.Uri): string {
  const inspected = vscode.workspace.getConfiguration(SETTINGS_SECTION, resource).inspect<unknown>('baseBranch');
  for (const value of [inspected?.globalValue, inspected?.workspaceFolderValue, inspected?.workspaceValue]) {
    const checked = checkBaseBranch(value);
    if (checked) return checked;
  }
  return '';
}

/** buildService.flakyTestBuilds: how many finished builds of a branch the flaky tests are counted over. */
export function flakyBuildsSetting(): number {
  return checkFlakyBuilds(vscode.workspace.getConfiguration(SETTINGS_SECTION).get<unknown>('flakyTestBuilds')) ?? FLAKY_BUILDS_DEFAULT;
}

function textOf(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim() : '';
}

/** The API client's own check, so the setting and the client can never disagree on what is valid. */
function checkBaseUrl(raw: unknown): Checked<string> {
  if (typeof raw !== 'string') return { ok: false, problem: l10n.t('it must be a text value') };
  try {
    return { ok: true, value: parseBaseUrl(raw) };
  } catch (error) {
    if (error instanceof InvalidBaseUrlError) return { ok: false, problem: error.reason.replace(/\.$/, '') };
    throw error;
  }
}

// Read when something first needs them, not at activation; `onRead` sees every reading with its problems.
export class SettingsService implements vscode.Disposable {
  private current: Settings | undefined;
  private readonly changed = new vscode.EventEmitter<Settings>();
  private readonly subscription = vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(SETTINGS_SECTION)) return;
    this.changed.fire(this.read());
  });

  readonly onDidChange = this.changed.event;

  constructor(private readonly onRead: (settings: Settings) => void) {}

  get value(): Settings {
    return this.current ?? this.read();
  }

  private read(): Settings {
    this.current = readSettings();
    this.onRead(this.current);
    return this.current;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
