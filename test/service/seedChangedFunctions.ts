// "Is what I changed tested?": a finished build of feature/merger on the Zest app whose coverage reports
// ios/m2048/Merger.swift, of whose functions merge() and score() ran and slide() and spawn() did not.
// Added by the test that needs it; the test repository holds the file (test/integration/changedFunctions.ts).
import type { Build } from './contract';
import type { ServiceData } from './data';
import { commitInfoFor } from './commits';
import { HOUR_MS, MINUTE_MS, SEED_EPOCH_MS, isoAt, objectIdFor } from './ids';
import { CI_CLONE } from './appSources';
import { COMPARE_REPO } from './seedCatalog';

export const MERGER = {
  branch: 'feature/merger',
  base: 'base/merger',
  path: 'ios/m2048/Merger.swift',
  buildNumber: 201,
  /** Declared in this order; the branch changes the first three. */
  functions: ['merge', 'slide', 'spawn', 'score'],
  ran: ['merge', 'score'],
} as const;

export function addChangedFunctionsBuild(data: ServiceData): Build {
  const appId = [...data.repoUrls].find(([, url]) => url === COMPARE_REPO)?.[0];
  if (!appId) throw new Error('no app builds the Zest repository');
  const at = SEED_EPOCH_MS - HOUR_MS;
  const label = `changed-functions:${appId}`;
  const functions = MERGER.functions.map((fn) => {
    const covered = (MERGER.ran as readonly string[]).includes(fn) ? 3 : 0;
    return { name: `Merger.${fn}()`, coverage: covered / 4, covered_lines: covered, executable_lines: 4 };
  });
  const covered = functions.reduce((sum, f) => sum + f.covered_lines, 0);
  const file = {
    name: 'Merger.swift',
    path: `${CI_CLONE.ios}/${MERGER.path}`,
    coverage: covered / 16,
    covered_lines: covered,
    executable_lines: 16,
    functions,
  };
  const build: Build = {
    _id: objectIdFor(`seed-build:${label}`),
    app_id: appId,
    repo_url: COMPARE_REPO,
    build_status: 'success',
    finished: true,
    commit_info: commitInfoFor(label, COMPARE_REPO, MERGER.branch),
    build_number: MERGER.buildNumber,
    created_at: isoAt(at),
    started_at: isoAt(at + MINUTE_MS),
    finished_at: isoAt(at + 9 * MINUTE_MS),
    test_summary: { tests_count: 1, tests_passed: 1, code_coverage_percentage: covered / 16 },
    links: { download: [], install: [] },
  };
  data.builds.push(build);
  data.tests.set(build._id, [{ run: 'iPhone 15 Pro', target: 'ZestTests', suite: 'MergerTests', name: 'testMerge()', status: 'passed' }]);
  data.coverage.set(build._id, [{ name: 'Zest.app', coverage: covered / 16, covered_lines: covered, executable_lines: 16, files: [file] }]);
  const branches = data.branches.get(appId) ?? [];
  data.branches.set(appId, [...branches, { name: MERGER.branch }]);
  return build;
}
