// How a build reads in the trees, status bar, notices and cancel question, so it never looks different in two places.
import * as l10n from '@vscode/l10n';
import type { BuildStatus, PullRequestDestination } from '../../api/models';
import { filledText, iconSafeText, noticeText, shownText, type NoticeText } from '../text/serviceText';
import { exactTime } from '../text/time';

export interface BuildFacts {
  readonly id: string;
  readonly status: BuildStatus;
  readonly rawStatus?: string;
  readonly buildNumber?: number;
  readonly createdAt?: string;
  readonly schemeName?: string;
  readonly commit: { readonly sha?: string; readonly branch?: string; readonly message?: string; readonly author?: string };
  readonly pullRequestDestination?: PullRequestDestination;
}

export const UNFINISHED: readonly BuildStatus[] = ['queued', 'running'];

export interface StateIcon {
  readonly id: string;
  readonly color?: string;
}

const STATE_ICONS: Record<BuildStatus, StateIcon> = {
  queued: { id: 'clock' },
  running: { id: 'sync~spin' },
  success: { id: 'pass', color: 'testing.iconPassed' },
  failed: { id: 'error', color: 'testing.iconFailed' },
  cancelled: { id: 'circle-slash' },
  unknown: { id: 'question' },
};

export function stateIcon(status: BuildStatus): StateIcon {
  return STATE_ICONS[status] ?? STATE_ICONS.unknown;
}

/** Completes "Build #12 of 2048 iOS App on main …". */
export function statusPhrase(status: BuildStatus, rawStatus = ''): string {
  switch (status) {
    case 'success':
      return l10n.t('succeeded');
    case 'failed':
      return l10n.t('failed');
    case 'cancelled':
      return l10n.t('was cancelled');
    case 'running':
      return l10n.t('is running');
    case 'queued':
      return l10n.t('is queued');
    default:
      return rawStatus ? l10n.t('has status "{0}"', shownText(rawStatus, 40)) : l10n.t('has an unknown status');
  }
}

export function buildNumber(build: Pick<BuildFacts, 'buildNumber'>): string {
  return build.buildNumber === undefined ? '' : `#${build.buildNumber}`;
}

export function buildLabel(build: Pick<BuildFacts, 'id' | 'buildNumber'>): string {
  return buildNumber(build) || shownText(build.id);
}

const SHORT_SHA_LENGTH = 7;

export function shortSha(sha: string | undefined): string {
  return sha ? shownText(sha).slice(0, SHORT_SHA_LENGTH) : '';
}

/** Longer first lines are cut: they are shown beside other text in one row. */
const FIRST_LINE_MAX = 100;

export function firstLine(message: string | undefined): string {
  const line = (message ?? '').split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).find((l) => shownText(l) !== '') ?? '';
  return shownText(line, FIRST_LINE_MAX);
}

/** "Build #12 succeeded", or "2048 iOS App: build #12 succeeded" where the app is not obvious. */
function headline(build: BuildFacts, appName?: string): string {
  const [label, phrase] = [buildLabel(build), statusPhrase(build.status, build.rawStatus)];
  return appName ? l10n.t('{0}: build {1} {2}', shownText(appName), label, phrase) : l10n.t('Build {0} {1}', label, phrase);
}

/** "PR → master" beside a pull request's build, so its row does not read like any build of its branch. */
export function pullRequestTag(destination: PullRequestDestination | undefined): string {
  if (!destination) return '';
  return destination.branch ? l10n.t('PR → {0}', shownText(destination.branch)) : l10n.t('PR');
}

export function pullRequestLines(destination: PullRequestDestination | undefined): string[] {
  if (!destination) return [];
  return [
    destination.branch ? l10n.t('Pull request into {0}', shownText(destination.branch)) : l10n.t('Pull request'),
    destination.sha ? l10n.t('Destination commit: {0}', shortSha(destination.sha)) : '',
    destination.mergeStatus ? l10n.t('Merge status: {0}', shownText(destination.mergeStatus)) : '',
  ].filter(Boolean);
}

/** A build's plain-text tooltip, one line per fact: what the service sends can add no line of its own. */
export function buildTooltip(build: BuildFacts, appName?: string): string {
  const { commit } = build;
  return [
    headline(build, appName),
    commit.branch ? l10n.t('Branch: {0}', shownText(commit.branch)) : '',
    commit.sha
      ? commit.author
        ? l10n.t('Commit: {0} by {1}', shortSha(commit.sha), shownText(commit.author))
        : l10n.t('Commit: {0}', shortSha(commit.sha))
      : '',
    firstLine(commit.message),
    ...pullRequestLines(build.pullRequestDestination),
    build.createdAt ? l10n.t('Created: {0}', exactTime(build.createdAt)) : '',
    build.schemeName ? l10n.t('Scheme: {0}', shownText(build.schemeName)) : '',
    l10n.t('Build ID: {0}', shownText(build.id)),
  ]
    .filter(Boolean)
    .join('\n');
}

function completionParts(build: BuildFacts, appName: string): [string, ...string[]] {
  const number = buildNumber(build);
  const phrase = statusPhrase(build.status, build.rawStatus);
  const { branch } = build.commit;
  if (number) {
    return branch
      ? [l10n.t('Build {0} of {1} on {2} {3}'), number, appName, branch, phrase]
      : [l10n.t('Build {0} of {1} {2}'), number, appName, phrase];
  }
  return branch ? [l10n.t('Build of {0} on {1} {2}'), appName, branch, phrase] : [l10n.t('Build of {0} {1}'), appName, phrase];
}

export function completionMessage(build: BuildFacts, appName: string): NoticeText {
  const [template, ...values] = completionParts(build, appName);
  return noticeText(template, ...values);
}

/** The status bar draws `$(name)` as an icon. */
export function completionStatusText(build: BuildFacts, appName: string): string {
  const [template, ...values] = completionParts(build, appName);
  return filledText(template, values, iconSafeText);
}

export function cancelQuestion(build: BuildFacts, appName: string): NoticeText {
  const { branch } = build.commit;
  const label = buildLabel(build);
  return branch
    ? noticeText(l10n.t('Cancel build {0} of {1} on {2}?'), label, appName, branch)
    : noticeText(l10n.t('Cancel build {0} of {1}?'), label, appName);
}
