import type { Build, BuildLink, BuildStatus, CommitInfo, TestSummary } from './models';
import {
  type JsonObject,
  expectArray,
  expectObject,
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalObject,
  optionalString,
  requiredString,
  stringArray,
} from './validate';

const KNOWN_STATUSES: readonly BuildStatus[] = ['queued', 'running', 'success', 'failed', 'cancelled'];
const FINAL_STATUSES: readonly BuildStatus[] = ['success', 'failed', 'cancelled'];

export function parseBuilds(body: unknown): Build[] {
  return expectArray(body, 'the build list').map((item, index) => parseBuild(item, `builds[${index}]`));
}

export function parseBuild(value: unknown, where = 'build'): Build {
  const wire = expectObject(value, where);
  const rawStatus = optionalString(wire, 'build_status', where) ?? '';
  const status = toBuildStatus(rawStatus);
  return {
    id: requiredString(wire, '_id', where),
    appId: optionalString(wire, 'app_id', where),
    repoUrl: optionalString(wire, 'repo_url', where),
    status,
    rawStatus,
    finished: optionalBoolean(wire, 'finished', where) ?? FINAL_STATUSES.includes(status),
    buildNumber: optionalNumber(wire, 'build_number', where),
    commit: parseCommit(optionalObject(wire, 'commit_info', where), `${where}.commit_info`),
    createdAt: optionalString(wire, 'created_at', where),
    startedAt: optionalString(wire, 'started_at', where),
    finishedAt: optionalString(wire, 'finished_at', where),
    testSummary: parseTestSummary(optionalObject(wire, 'test_summary', where), `${where}.test_summary`),
    links: parseLinks(optionalObject(wire, 'links', where), `${where}.links`),
    schemeName: optionalString(wire, 'scheme_name', where),
  };
}

/** A status added to the service later must not make the whole list unreadable. */
function toBuildStatus(raw: string): BuildStatus {
  const lower = raw.toLowerCase();
  return KNOWN_STATUSES.find((known) => known === lower) ?? 'unknown';
}

function parseCommit(wire: JsonObject, where: string): CommitInfo {
  return {
    branch: optionalString(wire, 'branch', where),
    sha: optionalString(wire, 'commit_sha', where),
    author: optionalString(wire, 'author', where),
    message: optionalString(wire, 'message', where),
    url: optionalString(wire, 'html_url', where),
    tags: stringArray(wire, 'tags', where),
  };
}

function parseTestSummary(wire: JsonObject, where: string): TestSummary {
  return {
    testsCount: optionalNumber(wire, 'tests_count', where),
    testsPassed: optionalNumber(wire, 'tests_passed', where),
    coverage: optionalNumber(wire, 'code_coverage_percentage', where),
  };
}

function parseLinks(wire: JsonObject, where: string): { download: BuildLink[]; install: BuildLink[] } {
  return {
    download: parseLinkList(optionalArray(wire, 'download', where), `${where}.download`),
    install: parseLinkList(optionalArray(wire, 'install', where), `${where}.install`),
  };
}

function parseLinkList(items: unknown[], where: string): BuildLink[] {
  return items.map((item, index) => {
    const linkWhere = `${where}[${index}]`;
    const wire = expectObject(item, linkWhere);
    const url = requiredString(wire, 'url', linkWhere);
    return { name: optionalString(wire, 'name', linkWhere) ?? url, url };
  });
}
