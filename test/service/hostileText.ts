// A service that writes like an attacker: names, branches, commit details, test names, install links
// and error texts that try to become links in a notification, draw icons, reverse text or add lines.
// Switched on per service (serveHostileText); everything else is served as seeded.
import type { Build } from './contract';
import type { ServiceData } from './data';
import { findApp } from './data';
import { ANDROID_2048 } from './seedCatalog';
import { digestOf, objectIdFor } from './ids';

/** A `command:` link that would type into the user's terminal, as in the report. */
const TERMINAL_COMMAND = 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D';

export const HOSTILE = {
  /** A 401 body's `error` with a link in it. */
  expiredToken: `Token expired. [Renew token](${TERMINAL_COMMAND})`,
  /** The name of the app without builds (install messages say it has none). */
  linkAppName: `Nouvelle [Open Appli](${TERMINAL_COMMAND})`,
  /** An install link that is no web address, short enough to be quoted whole in a notification. */
  installLink: '[Install](command:workbench.action.files.newUntitledFile)',
  /** The Android 2048 app: a direction override, an icon, and a line that looks like the tooltip's own. */
  spoofAppName: '2048 \u202Eppa diordnA $(zap)\nApp ID: 000000000000000000000000',
  /** A branch Git accepts (no newline there), with an override and an icon. */
  spoofBranch: 'hostile/\u202Elive$(zap)',
  author: 'Eve\nBuild ID: 000000000000000000000000',
  message: 'Fix login\u202E\r\nBuild ID: 000000000000000000000000\n$(zap) approved by security',
  testName: 'testLogin\u202E()\nIMPORTANT: all tests passed $(zap)',
} as const;

/** The build of the Android 2048 app on the hostile branch, made by serveHostileText. */
export const HOSTILE_BUILD_ID = objectIdFor('hostile-build');

/**
 * Rewrites the seeded data with HOSTILE's values: two app names, and a failed Android 2048 build on
 * the hostile branch by the hostile author, with a hostile test name and install link.
 */
export function serveHostileText(data: ServiceData): void {
  const quiet = data.apps.find((app) => app.app_name === 'Nouvelle Appli Android');
  if (quiet) quiet.app_name = HOSTILE.linkAppName;
  const android = findApp(data, ANDROID_2048);
  if (!android) return;
  android.app_name = HOSTILE.spoofAppName;
  data.branches.set(ANDROID_2048, [...(data.branches.get(ANDROID_2048) ?? []), { name: HOSTILE.spoofBranch }]);
  const template = data.builds.find((build) => build.app_id === ANDROID_2048);
  const newest = Math.max(0, ...data.builds.filter((build) => build.app_id === ANDROID_2048).map((build) => build.build_number));
  const sha = digestOf('hostile-commit');
  const build: Build = {
    _id: HOSTILE_BUILD_ID,
    app_id: ANDROID_2048,
    repo_url: template?.repo_url ?? '',
    build_status: 'failed',
    finished: true,
    commit_info: { tags: [], branch: HOSTILE.spoofBranch, commit_sha: sha, author: HOSTILE.author, message: HOSTILE.message, html_url: '' },
    build_number: newest + 1,
    created_at: '2024-03-01T08:00:00.000Z',
    started_at: '2024-03-01T08:01:00.000Z',
    finished_at: '2024-03-01T08:09:00.000Z',
    test_summary: { tests_count: 2, tests_passed: 1 },
    links: { download: [], install: [{ name: 'Install', url: HOSTILE.installLink }] },
  };
  data.builds.push(build);
  data.tests.set(HOSTILE_BUILD_ID, [
    { run: 'Pixel 8 API 34', target: 'app', suite: 'com.myorg.app.AuthTest', name: HOSTILE.testName, status: 'failed' },
    { run: 'Pixel 8 API 34', target: 'app', suite: 'com.myorg.app.AuthTest', name: 'logoutClearsSession', status: 'passed' },
  ]);
}
