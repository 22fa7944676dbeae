import type { Build, BuildLink, BuildStatus, CommitInfo, PullRequestDestination, TestSummary } from '../models';
import {
  type JsonObject,
  expectObject,
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalObject,
  optionalString,
  parseList,
  requiredString,
  stringArray,
} from './validate';

const KNOWN_STATUSES: readonly BuildStatus[] = ['queued', 'running', 'success', 'failed', 'cancelled'];
const FINAL_STATUSES: readonly BuildStatus[] = ['success', 'failed', 'cancelled'];

export function parseBuilds(body: unknown): Build[] {
  return parseList(body, 'the build list', 'builds', parseBuild);
}

export function parseBuild(value: unknown, where = 'build'): Build {
  const wire = expectObject(value, where);
  const rawStatus = optionalString(wire.build_status, where, 'build_status') ?? '';
  const status = toBuildStatus(rawStatus);
  return {
    id: requiredString(wire._id, where, '_id'),
    appId: optionalString(wire.app_id, where, 'app_id'),
    repoUrl: optionalString(wire.repo_url, where, 'repo_url'),
    status,
    rawStatus,
    finished: optionalBoolean(wire.finished, where, 'finished') ?? FINAL_STATUSES.includes(status),
    buildNumber: optionalNumber(wire.build_number, where, 'build_number'),
    commit: parseCommit(optionalObject(wire.commit_info, where, 'commit_info'), `${where}.commit_info`),
    createdAt: optionalString(wire.created_at, where, 'created_at'),
    startedAt: optionalString(wire.started_at, where, 'started_at'),
    finishedAt: optionalString(wire.finished_at, where, 'finished_at'),
    testSummary: parseTestSummary(optionalObject(wire.test_summary, where, 'test_summary'), `${where}.test_summary`),
    links: parseLinks(optionalObject(wire.links, where, 'links'), `${where}.links`),
    schemeName: optionalString(wire.scheme_name, where, 'scheme_name'),
    pullRequestDestination: parsePullRequestDestination(wire.pull_request_destination_commit_info),
  };
}

/** A status added to the service later must not make the whole list unreadable. */
function toBuildStatus(raw: string): BuildStatus {
  const lower = raw.toLowerCase();
  return KNOWN_STATUSES.find((known) => known === lower) ?? 'unknown';
}

function parseCommit(wire: JsonObject, where: string): CommitInfo {
  return {
    branch: optionalString(wire.branch, where, 'branch'),
    sha: optionalString(wire.commit_sha, where, 'commit_sha'),
    author: optionalString(wire.author, where, 'author'),
    message: optionalString(wire.message, where, 'message'),
    url: optionalString(wire.html_url, where, 'html_url'),
    tags: stringArray(wire.tags, where, 'tags'),
  };
}

// Undocumented (seen on live answers): an unexpected shape means "no pull request", a wrong field is absent.
function parsePullRequestDestination(value: unknown): PullRequestDestination | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const wire = value as JsonObject;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const destination: PullRequestDestination = {
    branch: text(wire.branch),
    sha: text(wire.commit_sha),
    author: text(wire.author),
    message: text(wire.message),
    url: text(wire.html_url),
    tags: Array.isArray(wire.tags) ? wire.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    mergeStatus: text(wire.merge_status),
  };
  // An empty object on a build that is not a pull request says nothing.
  return destination.branch || destination.sha ? destination : undefined;
}

function parseTestSummary(wire: JsonObject, where: string): TestSummary {
  return {
    testsCount: optionalNumber(wire.tests_count, where, 'tests_count'),
    testsPassed: optionalNumber(wire.tests_passed, where, 'tests_passed'),
    coverage: optionalNumber(wire.code_coverage_percentage, where, 'code_coverage_percentage'),
  };
}

function parseLinks(wire: JsonObject, where: string): { download: BuildLink[]; install: BuildLink[] } {
  return {
    download: parseLinkList(optionalArray(wire.download, where, 'download'), `${where}.download`),
    install: parseLinkList(optionalArray(wire.install, where, 'install'), `${where}.install`),
  };
}

function parseLinkList(items: unknown[], where: string): BuildLink[] {
  return parseList(items, where, where, (item, linkWhere) => {
    const wire = expectObject(item, linkWhere);
    const url = requiredString(wire.url, linkWhere, 'url');
    return { name: optionalString(wire.name, linkWhere, 'name') ?? url, url };
  });
}
