// The service's data set and the lookups every route shares.
import type { App, Build } from './contract';

export type BuildStatus = Build['build_status'];
export const BUILD_STATUSES: readonly BuildStatus[] = ['queued', 'running', 'success', 'failed', 'cancelled'];

export interface BranchRecord {
  name: string;
  deleted?: boolean;
}

export interface TestCase {
  run: string;
  target: string;
  suite: string;
  name: string;
  status: 'passed' | 'failed';
}

/** Line counts as a coverage report gives them; `coverage` is covered / executable. */
export interface LineCoverage {
  coverage: number;
  covered_lines: number;
  executable_lines: number;
}

export interface FunctionCoverage extends LineCoverage {
  name: string;
}

export interface FileCoverage extends LineCoverage {
  /** The file's name, and its absolute path on the CI machine. */
  name: string;
  path: string;
  functions: FunctionCoverage[];
}

export interface CoverageTarget extends LineCoverage {
  name: string;
  files: FileCoverage[];
}

export interface DeploymentGroup {
  _id: string;
  name: string;
  branch: string;
  testers: string[];
}

/** Everything the service serves. Tests may change any of it; per-app and per-build maps are keyed by id. */
export interface ServiceData {
  apps: App[];
  builds: Build[];
  /** The first branch that is not deleted is the app's default branch. */
  branches: Map<string, BranchRecord[]>;
  repoUrls: Map<string, string>;
  tests: Map<string, TestCase[]>;
  coverage: Map<string, CoverageTarget[]>;
  deploymentGroups: Map<string, DeploymentGroup[]>;
  /** Where the service's own links (the artefact downloads) point: its origin once it listens. */
  origin: string;
  /** Builds whose tests are served as the live service sent them (API.md 2b): the name in `test`, `success` for passed. */
  testsAsLive: Set<string>;
  /** Artefacts of a size of their own (seedSizes.ts), by path; the rest are artifactSize's. */
  artifactSizes: Map<string, number>;
  /** Artefact paths whose server ignores Range and trickles the whole file (a client must cut it off). */
  rangeIgnored: Set<string>;
  /** Each answer of those: the bytes written before the client closed the connection, and whether all were. */
  trickled: { path: string; sent: number; complete: boolean }[];
}

export function emptyData(origin: string): ServiceData {
  return {
    origin,
    apps: [],
    builds: [],
    branches: new Map(),
    repoUrls: new Map(),
    tests: new Map(),
    coverage: new Map(),
    deploymentGroups: new Map(),
    testsAsLive: new Set(),
    artifactSizes: new Map(),
    rangeIgnored: new Set(),
    trickled: [],
  };
}

export function findApp(data: ServiceData, appId: string): App | undefined {
  return data.apps.find((app) => app._id === appId);
}

export function findBuild(data: ServiceData, buildId: string): Build | undefined {
  return data.builds.find((build) => build._id === buildId);
}

/** Apps with no branch record (e.g. generated ones) have just `main`. */
export function branchesOf(data: ServiceData, appId: string): BranchRecord[] {
  return data.branches.get(appId) ?? [{ name: 'main' }];
}

export function defaultBranchOf(data: ServiceData, appId: string): string {
  return branchesOf(data, appId).find((branch) => !branch.deleted)?.name ?? 'main';
}

/** Triggering a build on a branch the service has not heard of makes the branch known. */
export function ensureBranch(data: ServiceData, appId: string, name: string): void {
  const branches = branchesOf(data, appId);
  const known = branches.find((branch) => branch.name === name);
  if (known) delete known.deleted;
  else data.branches.set(appId, [...branches, { name }]);
}

export function repoUrlOf(data: ServiceData, appId: string): string {
  return data.repoUrls.get(appId) ?? `git@github.com:myorg/app-${appId.slice(0, 6)}.git`;
}

/** The web page of a repository, for commit links: `git@host:org/x.git` → `https://host/org/x`. */
export function webUrlOfRepo(repoUrl: string): string {
  const scp = /^git@([^:]+):(.+?)(\.git)?$/.exec(repoUrl);
  if (scp) return `https://${scp[1]}/${scp[2]}`;
  return repoUrl.replace(/\.git$/, '');
}

/** The repository's short name, used in artefact names: `…/2048.git` → `2048`. */
export function repoSlugOf(repoUrl: string): string {
  return webUrlOfRepo(repoUrl).split('/').pop() ?? 'app';
}

/** An app's builds, newest first (ties, e.g. within one millisecond, by build number). */
export function buildsOfApp(data: ServiceData, appId: string): Build[] {
  return data.builds
    .filter((build) => build.app_id === appId)
    .sort((a, b) => (a.created_at === b.created_at ? b.build_number - a.build_number : a.created_at < b.created_at ? 1 : -1));
}
