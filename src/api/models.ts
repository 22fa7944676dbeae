// The service's objects as the extension uses them: camelCase, `undefined` (never null) for "not given".

/** `ios` and `android` are documented; any other platform is kept, lower-cased. '' when none was given. */
export type Platform = 'ios' | 'android' | (string & {});

export interface App {
  id: string;
  name: string;
  platform: Platform;
}

export interface Branch {
  name: string;
  /** Set (true) only on deleted branches, which are listed only when asked for. */
  deleted?: boolean;
}

/** 'unknown' stands for a status this client does not know yet; `Build.rawStatus` keeps the original. */
export type BuildStatus = 'queued' | 'running' | 'success' | 'failed' | 'cancelled' | 'unknown';

export interface BuildFilter {
  branch?: string;
  scheme?: string;
  /** One of the documented statuses; 'unknown' is ours, never sent. */
  status?: BuildStatus;
}

export interface CommitInfo {
  branch?: string;
  sha?: string;
  author?: string;
  message?: string;
  url?: string;
  tags: string[];
}

export interface PullRequestDestination extends CommitInfo {
  mergeStatus?: string;
}

export interface TestSummary {
  testsCount?: number;
  testsPassed?: number;
  /** Fraction from 0 to 1, as the service sends it. */
  coverage?: number;
}

export interface BuildLink {
  name: string;
  url: string;
}

export interface BuildLinks {
  download: BuildLink[];
  install: BuildLink[];
}

export interface Build {
  id: string;
  appId?: string;
  repoUrl?: string;
  status: BuildStatus;
  /** The status string exactly as the service sent it ('' when it sent none). */
  rawStatus: string;
  finished: boolean;
  buildNumber?: number;
  commit: CommitInfo;
  /** ISO 8601 timestamps as the service sent them. */
  createdAt?: string;
  startedAt?: string;
  finishedAt?: string;
  testSummary: TestSummary;
  links: BuildLinks;
  /** The scheme of a multi-scheme iOS build; each scheme is its own build. */
  schemeName?: string;
  /** Only on a build of a pull request: the branch it merges into (`commit` is the pull request's own). */
  pullRequestDestination?: PullRequestDestination;
}

export interface TestResult {
  name: string;
  /** Lower-cased, e.g. 'passed' or 'failed'. */
  status: string;
  run?: string;
  target?: string;
  suite?: string;
}

/** Tests as an answer listed them, at most TESTS_MAX (parseResults.ts); `listed`: how many it held, when more. */
export type TestList = TestResult[] & { listed?: number };

export interface TestResults {
  buildId?: string;
  tests: TestList;
}

/** Lines as a coverage report counts them: 0 <= covered <= total. */
export interface LineCount {
  covered: number;
  total: number;
}

export interface FunctionCoverage {
  name: string;
  /** A fraction, 0 to 1. */
  coverage?: number;
  lines?: LineCount;
}

export interface FileCoverage {
  /** The path as the build machine saw it (absolute or relative), or only the file's name. */
  readonly path: string;
  readonly coverage?: number;
  readonly lines?: LineCount;
  /** Functions that ran, of those the report says whether they ran. */
  readonly functionsRan?: LineCount;
  /** What the functions hold as sent until first use, for weighing a cached report (core/cache/weights.ts). */
  readonly functionsHeld?: JsonHeld;
  /** Read on first use. */
  readonly functions: readonly FunctionCoverage[];
}

/** A parsed JSON value's size: its values (objects, arrays, strings, numbers) and its strings' characters, keys included. */
export interface JsonHeld {
  readonly values: number;
  readonly chars: number;
}

export interface TargetCoverage {
  name: string;
  coverage?: number;
  /** Only with showFileCoverage; an entry the parser could not read is left out. */
  files: FileCoverage[];
}

export interface Coverage {
  buildId?: string;
  coverage?: number;
  targets: TargetCoverage[];
}

export interface DeploymentGroup {
  id: string;
  name: string;
  branch?: string;
  testers: string[];
}
