// "Who broke it": a base branch of 50 finished builds on the Zest app where one test starts failing in the
// middle and another fails in every build. Added by the test that needs it (not seeded for all): the
// harness makes the commits in its test repository first, and the builds name them by sha.
import type { Build } from './contract';
import type { ServiceData, TestCase } from './data';
import { commitInfoFor } from './commits';
import { HOUR_MS, MINUTE_MS, SEED_EPOCH_MS, isoAt, objectIdFor } from './ids';
import { SUITES } from './buildResults';
import { COMPARE } from './seedComparison';
import { COMPARE_REPO } from './seedCatalog';

export const CULPRIT = {
  branch: 'trunk',
  builds: 50,
  /** trunk's builds are numbered from here, oldest first: #101 to #150. */
  firstNumber: 101,
  /** The first build (by number) where `broken` fails: it passed in #137. */
  brokenIn: 138,
  /** Starts failing in #138 and fails from then on. */
  broken: { suite: 'BoardTests', name: 'testMergeTiles()' },
  /** Fails in every build of trunk. */
  always: COMPARE.existing,
  run: COMPARE.run,
  target: COMPARE.target,
} as const;

function testsOf(number: number, extraTests: number): TestCase[] {
  const failing = (suite: string, name: string) =>
    (suite === CULPRIT.always.suite && name === CULPRIT.always.name) ||
    (number >= CULPRIT.brokenIn && suite === CULPRIT.broken.suite && name === CULPRIT.broken.name);
  const tests = SUITES.ios.flatMap(([suite, names]) =>
    names.map((name): TestCase => ({
      run: CULPRIT.run,
      target: CULPRIT.target,
      suite,
      name,
      status: failing(suite, name) ? 'failed' : 'passed',
    })),
  );
  // Passing filler, for lists the size of a real app's (the bench's 5,000).
  for (let i = 0; i < extraTests; i++)
    tests.push({ run: CULPRIT.run, target: CULPRIT.target, suite: `Filler${i % 50}Tests`, name: `test${i}()`, status: 'passed' });
  return tests;
}

/**
 * trunk's 50 builds on the app building COMPARE_REPO, older than every other build of it (so no other
 * list changes), oldest first; `shas[i]` names build i's commit when given. Returns the builds.
 */
export function addFirstFailedBuilds(data: ServiceData, shas: readonly string[] = [], extraTests = 0): Build[] {
  const appId = [...data.repoUrls].find(([, url]) => url === COMPARE_REPO)?.[0];
  if (!appId) throw new Error('no app builds the Zest repository');
  const start = SEED_EPOCH_MS - 30 * 24 * HOUR_MS;
  const added: Build[] = [];
  for (let index = 0; index < CULPRIT.builds; index++) {
    const number = CULPRIT.firstNumber + index;
    const label = `first-failed:${appId}:${number}`;
    const tests = testsOf(number, extraTests);
    const at = start + index * 2 * HOUR_MS;
    const commit = commitInfoFor(label, COMPARE_REPO, CULPRIT.branch);
    const sha = shas[index];
    const build: Build = {
      _id: objectIdFor(`seed-build:${label}`),
      app_id: appId,
      repo_url: COMPARE_REPO,
      build_status: 'failed',
      finished: true,
      commit_info: sha ? { ...commit, commit_sha: sha, html_url: commit.html_url.replace(commit.commit_sha, sha) } : commit,
      build_number: number,
      created_at: isoAt(at),
      started_at: isoAt(at + MINUTE_MS),
      finished_at: isoAt(at + 9 * MINUTE_MS),
      test_summary: { tests_count: tests.length, tests_passed: tests.filter((t) => t.status === 'passed').length },
      links: { download: [], install: [] },
    };
    data.tests.set(build._id, tests);
    data.builds.push(build);
    added.push(build);
  }
  const branches = data.branches.get(appId) ?? [];
  if (!branches.some((b) => b.name === CULPRIT.branch)) data.branches.set(appId, [...branches, { name: CULPRIT.branch }]);
  return added;
}
