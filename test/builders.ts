// One builder per API model (src/api/models.ts): defaults a test does not care about, plus the fields it
// names. A test that checks a build's branch writes `aBuild({ branch: 'main' })`, nothing else.
import type { Build, BuildLinks, BuildStatus, CommitInfo, FileCoverage, TestResult } from '../src/api/models';
import { parseBuild } from '../src/api/parsing/parseBuild';
import type { Build as WireBuild } from './service/server';

export type BuildFields = Partial<Omit<Build, 'commit' | 'links'>> & {
  /** Shorthands for `commit`'s fields, laid over `commit` when both are given. */
  branch?: string;
  sha?: string;
  message?: string;
  commit?: Partial<CommitInfo>;
  links?: Partial<BuildLinks>;
};

const unfinished: readonly BuildStatus[] = ['queued', 'running'];

/**
 * A build as `parseBuild` would give it: `rawStatus` follows `status`, `finished` follows whether the
 * status is an end; no app, number or times unless named.
 */
export function aBuild(fields: BuildFields = {}): Build {
  const { branch, sha, message, commit, links, ...rest } = fields;
  const status = rest.status ?? 'success';
  const shorthand: Partial<CommitInfo> = {};
  if (branch !== undefined) shorthand.branch = branch;
  if (sha !== undefined) shorthand.sha = sha;
  if (message !== undefined) shorthand.message = message;
  return {
    id: 'b1',
    rawStatus: status,
    finished: !unfinished.includes(status),
    testSummary: {},
    ...rest,
    status,
    commit: { tags: [], ...commit, ...shorthand },
    links: { download: [], install: [], ...links },
  };
}

/** A test result: a passed `AuthTest.testLogin` of target `AppTests` on `iPhone 15 Pro` unless named. */
export function aTest(fields: Partial<TestResult> = {}): TestResult {
  return { run: 'iPhone 15 Pro', target: 'AppTests', suite: 'AuthTest', name: 'testLogin', status: 'passed', ...fields };
}

/** A coverage report's file: no figures and no functions unless named. */
export function aFile(path: string, fields: Partial<FileCoverage> = {}): FileCoverage {
  return { path, functions: [], ...fields };
}

/** The reference service's build as the extension's client reads it (the same parser, on the same JSON). */
export function readBuild(wire: WireBuild): Build {
  return parseBuild(JSON.parse(JSON.stringify(wire)) as unknown);
}
