// Builds for comparing failures with a base branch, on an app of their own: `main` as a base with a
// failure of its own, a flaky test and a test the feature branch fixes; a feature branch; a pull
// request into release/2.0 (not main); and one into a branch with no builds at all.
import type { Build } from './contract';
import type { ServiceData, TestCase } from './data';
import { commitInfoFor } from './commits';
import { HOUR_MS, MINUTE_MS, SEED_EPOCH_MS, isoAt, objectIdFor } from './ids';
import { SUITES } from './buildResults';
import { seedArtifactSizes } from './seedSizes';

export const COMPARE = {
  base: 'main',
  feature: 'feature/compare',
  pullRequest: 'feature/pr-release',
  pullRequestInto: 'release/2.0',
  /** release/2.0's one finished build, where only testTokenRefresh() fails. */
  releaseNumber: 1,
  orphan: 'feature/orphan',
  orphanInto: 'hotfix/no-builds',
  /** Fails on every build of main and on the feature branch: "also fails on main". */
  existing: { suite: 'AuthTests', name: 'testTokenRefresh()' },
  /** Fails on the feature branch only: "new". */
  fresh: { suite: 'AuthTests', name: 'testLogin()' },
  /** Failed in 3 of main's last 10 builds, not the latest; fails on the feature branch: "new" and flaky. */
  flaky: { suite: 'BoardTests', name: 'testSpawnTile()' },
  /** Failed and passed on one commit of main (a rebuild), once. */
  sameCommit: { suite: 'BoardTests', name: 'testGameOver()' },
  /** Fails on main's latest two builds, passes on the feature branch: fixed there. */
  fixed: { suite: 'SettingsTests', name: 'testDarkMode()' },
  run: 'iPhone 15 Pro',
  target: 'ZestTests',
  /** main's builds, oldest first: numbers 2 to 13 (release/2.0's is 1). */
  mainBuilds: 12,
  firstNumber: 2,
} as const;

type Named = { suite: string; name: string };

/** main's builds, oldest first: which of the named tests fail in each (on COMPARE.run). */
function mainFailures(index: number): Named[] {
  const failing: Named[] = [COMPARE.existing];
  if ([3, 6, 10].includes(index)) failing.push(COMPARE.flaky);
  if (index === 8) failing.push(COMPARE.sameCommit);
  if (index >= COMPARE.mainBuilds - 2) failing.push(COMPARE.fixed);
  return failing;
}

function testsWith(failing: readonly Named[]): TestCase[] {
  const runs = [COMPARE.run, 'iPad Air (5th generation)'];
  return runs.flatMap((run) =>
    SUITES.ios.flatMap(([suite, names]) =>
      names.map((name): TestCase => {
        const fails = run === COMPARE.run && failing.some((f) => f.suite === suite && f.name === name);
        return { run, target: COMPARE.target, suite, name, status: fails ? 'failed' : 'passed' };
      }),
    ),
  );
}

export function seedBaseComparison(data: ServiceData, appId: string, repoUrl: string): void {
  // Two days before the seed's epoch, one every few hours.
  const start = SEED_EPOCH_MS - 2 * 24 * HOUR_MS;
  let number: number = COMPARE.releaseNumber;
  const add = (branch: string, at: number, failing: readonly Named[], fields: Partial<Build> = {}): Build => {
    const label = `compare:${appId}:${number}`;
    const tests = testsWith(failing);
    const failed = tests.some((t) => t.status === 'failed');
    const build: Build = {
      _id: objectIdFor(`seed-build:${label}`),
      app_id: appId,
      repo_url: repoUrl,
      build_status: failed ? 'failed' : 'success',
      finished: true,
      commit_info: commitInfoFor(label, repoUrl, branch),
      build_number: number++,
      created_at: isoAt(at),
      started_at: isoAt(at + MINUTE_MS),
      finished_at: isoAt(at + 9 * MINUTE_MS),
      test_summary: { tests_count: tests.length, tests_passed: tests.filter((t) => t.status === 'passed').length },
      links: { download: [], install: [] },
      ...fields,
    };
    data.tests.set(build._id, tests);
    data.builds.push(build);
    return build;
  };
  add(COMPARE.pullRequestInto, start - HOUR_MS, [COMPARE.existing]);
  const main: Build[] = [];
  for (let index = 0; index < COMPARE.mainBuilds; index++) {
    const build = add(COMPARE.base, start + index * 3 * HOUR_MS, mainFailures(index));
    // The build after the one where testGameOver failed is a rebuild of the same commit.
    if (index === 9) build.commit_info = { ...main[8].commit_info, html_url: main[8].commit_info.html_url };
    main.push(build);
  }
  const after = start + COMPARE.mainBuilds * 3 * HOUR_MS;
  add(COMPARE.feature, after, [COMPARE.existing, COMPARE.fresh, COMPARE.flaky]);
  const destination = (branch: string) => ({ ...commitInfoFor(`compare-destination:${branch}`, repoUrl, branch), merge_status: 'unknown' });
  add(COMPARE.pullRequest, after + HOUR_MS, [COMPARE.fresh], {
    pull_request_destination_commit_info: destination(COMPARE.pullRequestInto),
  });
  add(COMPARE.orphan, after + 2 * HOUR_MS, [COMPARE.fresh], { pull_request_destination_commit_info: destination(COMPARE.orphanInto) });
  const branches = data.branches.get(appId) ?? [];
  data.branches.set(appId, [
    ...branches,
    ...[COMPARE.pullRequestInto, COMPARE.feature, COMPARE.pullRequest, COMPARE.orphan].map((name) => ({ name })),
  ]);
  seedArtifactSizes(data, appId);
}
