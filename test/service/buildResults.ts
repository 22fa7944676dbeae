// What a finished build leaves behind: test results, coverage, the summary that agrees with them,
// and the artefact links. Shared by the seed and by builds that finish while the service runs.
import type { Build } from './contract';
import { artifactPath, LARGE_ARTIFACT_SUFFIX } from './artifacts';
import { pick } from './ids';
import { APP_SOURCES, CI_CLONE, reportedFunctionName } from './appSources';
import type { CoverageTarget, FileCoverage, LineCoverage, ServiceData, TestCase } from './data';
import { repoSlugOf } from './data';

const ARTEFACT_HOST = 'https://dashboard.buildservice.example';

export type Platform = 'ios' | 'android';

export const SUITES: Record<Platform, [string, string[]][]> = {
  ios: [
    ['AuthTests', ['testLogin()', 'testLogout()', 'testTokenRefresh()']],
    ['BoardTests', ['testMergeTiles()', 'testSpawnTile()', 'testGameOver()']],
    ['SettingsTests', ['testDarkMode()', 'testLocaleSwitch()']],
  ],
  android: [
    ['com.myorg.app.AuthTest', ['loginSucceeds', 'logoutClearsSession', 'tokenRefreshes']],
    ['com.myorg.app.BoardTest', ['mergesTiles', 'spawnsTile', 'detectsGameOver']],
    ['com.myorg.app.SettingsTest', ['switchesLocale']],
  ],
};

const RUNS: Record<Platform, string[]> = {
  ios: ['iPhone 15 Pro', 'iPad Air (5th generation)'],
  android: ['Pixel 8 API 34'],
};

function platformOf(data: ServiceData, build: Build): Platform {
  return data.apps.find((app) => app._id === build.app_id)?.platform === 'android' ? 'android' : 'ios';
}

function average(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function testsFor(build: Build, platform: Platform, outcome: 'success' | 'failed'): TestCase[] {
  const target = platform === 'ios' ? `${repoSlugOf(build.repo_url)}Tests` : 'app';
  const tests = RUNS[platform].flatMap((run) =>
    SUITES[platform].flatMap(([suite, names]) =>
      names.map((name): TestCase => {
        const fails = outcome === 'failed' && pick(`fail:${build._id}:${run}:${name}`, 5) === 0;
        return { run, target, suite, name, status: fails ? 'failed' : 'passed' };
      }),
    ),
  );
  // A failed build with tests always has at least one failing test to show.
  if (outcome === 'failed' && !tests.some((test) => test.status === 'failed')) tests[0].status = 'failed';
  return tests;
}

function lineCoverage(covered: number, executable: number): LineCoverage {
  return { coverage: executable === 0 ? 0 : covered / executable, covered_lines: covered, executable_lines: executable };
}

function summed(parts: LineCoverage[]): LineCoverage {
  return lineCoverage(
    parts.reduce((sum, part) => sum + part.covered_lines, 0),
    parts.reduce((sum, part) => sum + part.executable_lines, 0),
  );
}

function coverageFor(build: Build, platform: Platform): CoverageTarget[] {
  const slug = repoSlugOf(build.repo_url);
  return APP_SOURCES[platform].map((target) => {
    const files = target.files.map((source): FileCoverage => {
      const functions = source.functions.map((fn) => {
        const executable = 3 + pick(`lines:${source.path}:${fn}`, 8);
        const covered = pick(`cov:${build._id}:${source.path}:${fn}`, executable + 1);
        return { name: reportedFunctionName(source.path, fn), ...lineCoverage(covered, executable) };
      });
      const name = source.path.split('/').pop() ?? source.path;
      return { name, path: `${CI_CLONE[platform]}/${source.path}`, ...summed(functions), functions };
    });
    return { name: target.name.replace('{slug}', slug), ...summed(files), files };
  });
}

// Downloads come from the service itself (artifacts.ts); install pages from the dashboard, as on the live service.
function linksFor(data: ServiceData, build: Build, platform: Platform): Build['links'] {
  const scheme = typeof build.scheme_name === 'string' ? build.scheme_name : repoSlugOf(build.repo_url);
  const name = `${scheme} - Release`;
  const query = `buildID=${build._id}`;
  const file = (suffix: string) => `${data.origin}${artifactPath(build._id, `${scheme}${suffix}`)}`;
  const download = [{ name, url: file(platform === 'ios' ? '.ipa' : '.apk') }];
  if (platform === 'ios') download.push({ name: `${scheme} - Debug symbols`, url: file(LARGE_ARTIFACT_SUFFIX) });
  return { download, install: [{ name, url: `${ARTEFACT_HOST}/download/${platform}?${query}` }] };
}

/** Marks the build finished with this outcome and stores its tests and coverage. */
export function finishBuild(data: ServiceData, build: Build, outcome: 'success' | 'failed', finishedAtIso: string): void {
  const platform = platformOf(data, build);
  build.build_status = outcome;
  build.finished = true;
  build.finished_at = finishedAtIso;
  build.links = outcome === 'success' ? linksFor(data, build, platform) : { download: [], install: [] };
  // Some builds run no tests at all (a compile failure, a project without tests): summary `{}`.
  if (pick(`has-tests:${build._id}`, 5) === 0) {
    build.test_summary = {};
    return;
  }
  const tests = testsFor(build, platform, outcome);
  const coverage = coverageFor(build, platform);
  const coverageAverage = average(coverage.map((target) => target.coverage));
  data.tests.set(build._id, tests);
  data.coverage.set(build._id, coverage);
  build.test_summary = {
    tests_count: tests.length,
    tests_passed: tests.filter((test) => test.status === 'passed').length,
    code_coverage_percentage: coverageAverage,
  };
}
