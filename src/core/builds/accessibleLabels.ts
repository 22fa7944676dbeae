// What a screen reader says for each row: short, the state first, in words. No ids, hashes or UTC
// times (the tooltip keeps those for hover). The one home for accessible names, used by every view.
import * as l10n from '@vscode/l10n';
import type { BuildStatus, DeploymentGroup, PullRequestDestination } from '../../api/models';
import type { BuildFacts } from './buildLook';
import { filledText, shownText } from '../text/serviceText';
import { relativeTime } from '../text/time';

/** Names from the service inside a spoken line: shorter than the shown cap, a listener cannot skim. */
const SPOKEN_MAX = 80;

export interface SpokenBuild extends BuildFacts {
  readonly finished?: boolean;
  readonly testSummary?: { readonly testsCount?: number; readonly testsPassed?: number };
  readonly pullRequestDestination?: PullRequestDestination;
}

export function stateWord(status: BuildStatus, rawStatus = ''): string {
  switch (status) {
    case 'success':
      return l10n.t('Succeeded');
    case 'failed':
      return l10n.t('Failed');
    case 'cancelled':
      return l10n.t('Cancelled');
    case 'running':
      return l10n.t('Running');
    case 'queued':
      return l10n.t('Queued');
    default:
      return rawStatus ? l10n.t('Status {0}', shownText(rawStatus, 40)) : l10n.t('Unknown status');
  }
}

/** "Failed, build 62 of develop, pull request into master, 3 tests failed, 12 minutes ago"; with `appName` (Current Branch) the app follows the state. */
export function buildAccessibleLabel(build: SpokenBuild, now: number, appName?: string): string {
  const branch = build.commit.branch ? shownText(build.commit.branch, SPOKEN_MAX) : '';
  const number = build.buildNumber;
  const subject =
    number !== undefined
      ? branch
        ? l10n.t('build {0} of {1}', number, branch)
        : l10n.t('build {0}', number)
      : branch
        ? l10n.t('build of {0}', branch)
        : '';
  return [
    stateWord(build.status, build.rawStatus),
    appName ? shownText(appName, SPOKEN_MAX) : '',
    subject,
    build.schemeName ? l10n.t('scheme {0}', shownText(build.schemeName, SPOKEN_MAX)) : '',
    build.pullRequestDestination ? pullRequestPhrase(build.pullRequestDestination) : '',
    testsPhrase(build),
    relativeTime(build.createdAt, now),
  ]
    .filter(Boolean)
    .join(', ');
}

function pullRequestPhrase(destination: PullRequestDestination): string {
  return destination.branch ? l10n.t('pull request into {0}', shownText(destination.branch, SPOKEN_MAX)) : l10n.t('pull request');
}

function testsPhrase(build: SpokenBuild): string {
  const { testsCount, testsPassed } = build.testSummary ?? {};
  if (build.finished === false || testsCount === undefined || testsCount <= 0) return '';
  const failed = testsCount - (testsPassed ?? 0);
  if (failed > 0) return failed === 1 ? l10n.t('1 test failed') : l10n.t('{0} tests failed', failed);
  return testsCount === 1 ? l10n.t('1 test passed') : l10n.t('all {0} tests passed', testsCount);
}

export function noBuildAccessibleLabel(appName: string, branch: string): string {
  return l10n.t('No builds yet, {0}, branch {1}', shownText(appName, SPOKEN_MAX), shownText(branch, SPOKEN_MAX));
}

export function appAccessibleLabel(name: string, platform: string, filter: string): string {
  // filledText: one per app, by the thousand in a large list.
  const app = platform ? filledText(l10n.t('{0}, {1} app'), [shownText(name, SPOKEN_MAX), platform]) : shownText(name, SPOKEN_MAX);
  return filter ? filledText(l10n.t('{0}, builds filtered by {1}'), [app, filter]) : app;
}

/** A row whose label and description say it all in words (they hold no id or hash). */
export function rowAccessibleLabel(label: string, description?: string): string {
  return description ? `${label}, ${description}` : label;
}

/** The commit row shows a short hash; the listener hears who and what instead. */
export function commitAccessibleLabel(author: string | undefined, message: string): string {
  const by = author ? shownText(author, SPOKEN_MAX) : '';
  if (by && message) return l10n.t('Commit by {0}: {1}', by, message);
  if (by) return l10n.t('Commit by {0}', by);
  return message ? l10n.t('Commit: {0}', message) : l10n.t('Commit');
}

/** A failed test's row, whose red icon alone says it failed. */
export function failedTestAccessibleLabel(name: string, where: string): string {
  return where ? l10n.t('Failed: {0}, {1}', shownText(name), where) : l10n.t('Failed: {0}', shownText(name));
}

export function pullRequestAccessibleLabel(destination: PullRequestDestination): string {
  const into = pullRequestPhrase(destination);
  const phrase = into.charAt(0).toLocaleUpperCase() + into.slice(1);
  return destination.mergeStatus ? l10n.t('{0}, merge status {1}', phrase, shownText(destination.mergeStatus, 40)) : phrase;
}

export function groupAccessibleLabel(group: DeploymentGroup): string {
  const name = shownText(group.name, SPOKEN_MAX);
  const testers = group.testers.length === 1 ? l10n.t('1 tester') : l10n.t('{0} testers', group.testers.length);
  return group.branch
    ? l10n.t('Deployment group {0}, branch {1}, {2}', name, shownText(group.branch, SPOKEN_MAX), testers)
    : l10n.t('Deployment group {0}, {1}', name, testers);
}

export type MessageKind = 'error' | 'warning' | 'other';

/** An error or warning row says so in words first; its fix is named, as the Enter key runs it. */
export function messageAccessibleLabel(kind: MessageKind, label: string, fixTitle?: string): string {
  const said = kind === 'error' ? l10n.t('Error: {0}', label) : kind === 'warning' ? l10n.t('Warning: {0}', label) : label;
  return fixTitle ? l10n.t('{0}, press Enter to {1}', said, fixTitle) : said;
}
