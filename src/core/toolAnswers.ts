// What the language-model tools answer: short plain text a model can quote. Pure (no vscode), so the
// wording is unit-tested; commands/chatTools.ts fetches and calls these. Nothing here ever sees the token.
import { isApiError } from '../api/errors';
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
  const names = (list: readonly App[]) => list.slice(0, 10).map((a) => `"${a.name || a.id}"`).join(', ');
  if (partial.length > 1) return { problem: `"${text}" matches several apps: ${names(partial)}. Name one exactly.` };
  return { problem: `No app is called "${text}". The apps are: ${names(apps)}${apps.length > 10 ? ', …' : ''}.` };
}

/** One build on one line: "#12 failed · develop · 4ad2c1e Fix tiles · 3 of 10 tests failed · 2 h ago · id 58b8…". */
export function buildLine(build: Build, now: number): string {
  const { testsCount, testsPassed } = build.testSummary;
  const tests = testsCount !== undefined ? (testsPassed !== undefined && testsPassed < testsCount ? `${testsCount - testsPassed} of ${testsCount} tests failed` : `${testsCount} tests passed`) : '';
  const commit = [shortSha(build.commit.sha), firstLine(build.commit.message)].filter(Boolean).join(' ');
  return [
    `${buildLabel(build)} ${statusPhrase(build.status, build.rawStatus)}`,
    build.commit.branch ?? '',
    commit,
    tests,
    relativeTime(build.finishedAt ?? build.createdAt, now),
    `id ${build.id}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Branch develop: 2048 iOS App #12 succeeded · …", one line per app. */
export function branchStatusText(branch: string, entries: readonly { app: App; build?: Build }[], now: number): string {
  if (entries.length === 0) return `No app builds this repository, so branch ${branch} has no builds.`;
  const lines = entries.map(({ app, build }) => `- ${app.name || app.id}: ${build ? buildLine(build, now) : `no build of ${branch} yet`}`);
  const red = entries.filter((e) => e.build?.status === 'failed').length;
  const running = entries.filter((e) => e.build && !e.build.finished).length;
  const verdict = red > 0 ? `${red} failed` : running > 0 ? `${running} still running` : entries.every((e) => e.build?.status === 'success') ? 'all green' : 'no failures';
  return [`Branch ${branch}: ${verdict}.`, ...lines].join('\n');
}

export function buildListText(app: App, filter: { branch?: string; status?: BuildStatus }, builds: readonly Build[], now: number): string {
  const about = [filter.branch && `on ${filter.branch}`, filter.status && `with state ${filter.status}`].filter(Boolean).join(' ');
  if (builds.length === 0) return `${app.name || app.id} has no builds${about ? ` ${about}` : ''}.`;
  return [`Builds of ${app.name || app.id}${about ? ` ${about}` : ''}, newest first:`, ...builds.map((b) => `- ${buildLine(b, now)}`)].join('\n');
}

/** The failed tests of a build, grouped by device, at most `max` lines of tests. */
export function failedTestsText(build: Build, appName: string, tests: readonly TestResult[], max = 50): string {
  const head = `Build ${buildLabel(build)} of ${appName}${build.commit.branch ? ` on ${build.commit.branch}` : ''} ${statusPhrase(build.status, build.rawStatus)}.`;
  if (!build.finished) return `${head} Its tests are known when it finishes.`;
  const failed = tests.filter((t) => t.status === 'failed');
  if (failed.length === 0) return `${head} No test failed.`;
  const lines = failed.slice(0, max).map((t) => `- ${[t.suite, t.name].filter(Boolean).join('.')} (${[t.target, t.run].filter(Boolean).join(', ') || 'no device named'})`);
  const more = failed.length > max ? [`…and ${failed.length - max} more.`] : [];
  return [`${head} ${failed.length} failed test${failed.length === 1 ? '' : 's'}:`, ...lines, ...more].join('\n');
}

export function triggerQuestion(appName: string, branch: string): { title: string; message: string } {
  return { title: 'Trigger a build?', message: `Start a build of ${appName} on branch ${branch}?` };
}

/** An error as the answer text: the same words the user would see in a notification. */
export function failureText(error: unknown, timeoutSeconds: number): string {
  if (isApiError(error)) return describeFailure(error, timeoutSeconds)?.message ?? 'The request was cancelled.';
  return 'Build Service ran into an unexpected problem; the details are in its log (Build Service: Show Log).';
}
