// What the language-model tools answer: short plain text a model can quote. Pure (no vscode), so the
// wording is unit-tested; commands/chatTools.ts fetches and calls these. Nothing here ever sees the token.
import * as l10n from '@vscode/l10n';
import { ApiError } from '../api/errors';
import type { App, Build, BuildStatus, TestResult } from '../api/models';
import { buildLabel, firstLine, shortSha, statusPhrase } from './buildLook';
import { describeFailure } from './errorMessages';
import { relativeTime } from './time';

/** An app named by id, by exact name (any case), or by the only name that contains the text. */
export function findApp(apps: readonly App[], text: string): { app?: App; problem?: string } {
  const wanted = text.trim().toLowerCase();
  const exact = apps.find((a) => a.id.toLowerCase() === wanted || a.name.toLowerCase() === wanted);
  if (exact) return { app: exact };
  const partial = apps.filter((a) => a.name.toLowerCase().includes(wanted));
  if (partial.length === 1) return { app: partial[0] };
  const names = (list: readonly App[]) =>
    list
      .slice(0, 10)
      .map((a) => `"${a.name || a.id}"`)
      .join(', ');
  if (partial.length > 1) return { problem: l10n.t('"{0}" matches several apps: {1}. Name one exactly.', text, names(partial)) };
  return { problem: l10n.t('No app is called "{0}". The apps are: {1}.', text, `${names(apps)}${apps.length > 10 ? ', …' : ''}`) };
}

/** One build on one line: "#12 failed · develop · 4ad2c1e Fix tiles · 3 of 10 tests failed · 2 h ago · id 58b8…". */
export function buildLine(build: Build, now: number): string {
  const { testsCount, testsPassed } = build.testSummary;
  const tests =
    testsCount !== undefined
      ? testsPassed !== undefined && testsPassed < testsCount
        ? l10n.t('{0} of {1} tests failed', testsCount - testsPassed, testsCount)
        : l10n.t('{0} tests passed', testsCount)
      : '';
  const commit = [shortSha(build.commit.sha), firstLine(build.commit.message)].filter(Boolean).join(' ');
  return [
    `${buildLabel(build)} ${statusPhrase(build.status, build.rawStatus)}`,
    build.commit.branch ?? '',
    commit,
    tests,
    relativeTime(build.finishedAt ?? build.createdAt, now),
    l10n.t('id {0}', build.id),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Branch develop: 2048 iOS App #12 succeeded · …", one line per app. */
export function branchStatusText(branch: string, entries: readonly { app: App; build?: Build }[], now: number): string {
  if (entries.length === 0) return l10n.t('No app builds this repository, so branch {0} has no builds.', branch);
  const lines = entries.map(
    ({ app, build }) => `- ${app.name || app.id}: ${build ? buildLine(build, now) : l10n.t('no build of {0} yet', branch)}`,
  );
  const red = entries.filter((e) => e.build?.status === 'failed').length;
  const running = entries.filter((e) => e.build && !e.build.finished).length;
  const verdict =
    red > 0
      ? l10n.t('{0} failed', red)
      : running > 0
        ? l10n.t('{0} still running', running)
        : entries.every((e) => e.build?.status === 'success')
          ? l10n.t('all green')
          : l10n.t('no failures');
  return [l10n.t('Branch {0}: {1}.', branch, verdict), ...lines].join('\n');
}

export function buildListText(app: App, filter: { branch?: string; status?: BuildStatus }, builds: readonly Build[], now: number): string {
  const about = [filter.branch && l10n.t('on {0}', filter.branch), filter.status && l10n.t('with state {0}', filter.status)]
    .filter(Boolean)
    .join(' ');
  const name = app.name || app.id;
  if (builds.length === 0) return about ? l10n.t('{0} has no builds {1}.', name, about) : l10n.t('{0} has no builds.', name);
  const title = about ? l10n.t('Builds of {0} {1}, newest first:', name, about) : l10n.t('Builds of {0}, newest first:', name);
  return [title, ...builds.map((b) => `- ${buildLine(b, now)}`)].join('\n');
}

/** The failed tests of a build, grouped by device, at most `max` lines of tests. */
export function failedTestsText(build: Build, appName: string, tests: readonly TestResult[], max = 50): string {
  const [label, branch, phrase] = [buildLabel(build), build.commit.branch, statusPhrase(build.status, build.rawStatus)];
  const head = branch
    ? l10n.t('Build {0} of {1} on {2} {3}.', label, appName, branch, phrase)
    : l10n.t('Build {0} of {1} {2}.', label, appName, phrase);
  if (!build.finished) return l10n.t('{0} Its tests are known when it finishes.', head);
  const failed = tests.filter((t) => t.status === 'failed');
  if (failed.length === 0) return l10n.t('{0} No test failed.', head);
  const lines = failed
    .slice(0, max)
    .map(
      (t) =>
        `- ${[t.suite, t.name].filter(Boolean).join('.')} (${[t.target, t.run].filter(Boolean).join(', ') || l10n.t('no device named')})`,
    );
  const more = failed.length > max ? [l10n.t('…and {0} more.', failed.length - max)] : [];
  const count = failed.length === 1 ? l10n.t('{0} 1 failed test:', head) : l10n.t('{0} {1} failed tests:', head, failed.length);
  return [count, ...lines, ...more].join('\n');
}

export function triggerQuestion(appName: string, branch: string): { title: string; message: string } {
  return { title: l10n.t('Trigger a build?'), message: l10n.t('Start a build of {0} on branch {1}?', appName, branch) };
}

/** An error as the answer text: the same words the user would see in a notification. */
export function failureText(error: unknown, timeoutSeconds: number): string {
  if (error instanceof ApiError) return describeFailure(error, timeoutSeconds)?.message ?? l10n.t('The request was cancelled.');
  return l10n.t('Build Service ran into an unexpected problem; the details are in its log (Build Service: Show Log).');
}
