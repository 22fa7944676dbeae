// Deterministic seeded data, and generated apps in bulk for load tests.
import type { App, Build } from './contract';
import type { BuildStatus, ServiceData } from './data';
import { emptyData } from './data';
import { finishBuild } from './buildResults';
import { commitInfoFor } from './commits';
import { HOUR_MS, MINUTE_MS, SEED_EPOCH_MS, isoAt, liveIdFor, objectIdFor, pick } from './ids';
import type { AppSpec } from './seedCatalog';
import { SEEDED_APPS } from './seedCatalog';
import { seedBaseComparison } from './seedComparison';

/**
 * Oldest first: mostly finished builds, one cancelled, and the newest two still running and queued.
 * The newest finished one failed, as on a real team's board: someone broke a test and is fixing it.
 */
function statusAt(index: number, count: number): BuildStatus {
  if (index === count - 1) return 'queued';
  if (index === count - 2) return 'running';
  if (index === count - 3) return 'failed';
  if (index === count - 4) return 'cancelled';
  return index % 3 === 1 ? 'failed' : 'success';
}

function branchAt(spec: AppSpec, appIndex: number, index: number): string {
  // The oldest build of an app with deleted branches was made on one of them.
  if (index === 0 && spec.deletedBranches?.length) return spec.deletedBranches[0];
  return spec.branches[(index + appIndex) % spec.branches.length];
}

function seedBuild(data: ServiceData, spec: AppSpec, app: App, appIndex: number, index: number): Build {
  const label = `${app._id}:${index}`;
  const status = statusAt(index, spec.buildCount);
  const createdMs = SEED_EPOCH_MS - appIndex * 17 * MINUTE_MS - (spec.buildCount - index) * 5 * HOUR_MS + pick(`ms:${label}`, 1000);
  const startedMs = createdMs + (1 + (index % 3)) * MINUTE_MS + pick(`start:${label}`, 60_000);
  const finishedMs = startedMs + (4 + ((index * 7) % 9)) * MINUTE_MS + pick(`end:${label}`, 60_000);
  const branch = branchAt(spec, appIndex, index);
  const tags = status === 'success' && index % 5 === 0 ? [`v1.${index}.0`] : [];
  const build: Build = {
    _id: objectIdFor(`seed-build:${label}`),
    app_id: app._id,
    repo_url: spec.repoUrl,
    build_status: status,
    finished: false,
    commit_info: commitInfoFor(label, spec.repoUrl, branch, tags),
    build_number: index + 1,
    created_at: isoAt(createdMs),
    started_at: status === 'queued' ? null : isoAt(startedMs),
    finished_at: null,
    test_summary: {},
    links: { download: [], install: [] },
  };
  if (spec.schemes) build.scheme_name = spec.schemes[index % spec.schemes.length];
  if (spec.liveShapes) build._id = liveIdFor(`seed-build:${label}`, 18 + (index % 9));
  if (status === 'success' || status === 'failed') finishBuild(data, build, status, isoAt(finishedMs));
  if (status === 'cancelled') Object.assign(build, { finished: true, finished_at: isoAt(finishedMs) });
  if (spec.liveShapes) toLiveShapes(data, spec, build, index);
  return build;
}

/** The shapes of API.md 2b, on a build of an app with `liveShapes`. */
function toLiveShapes(data: ServiceData, spec: AppSpec, build: Build, index: number): void {
  build.commit_info.commit_sha = build.commit_info.commit_sha.slice(0, 7 + (index % 6));
  build.commit_info.html_url = '';
  if (build.links.install.length === 0) delete (build as Partial<Build>).links;
  if (index % 4 === 1 && build.test_summary.tests_count !== undefined) build.test_summary.code_coverage_percentage = 0;
  if (index % 3 === 0) {
    // A pull request merges into another branch than its own.
    const into = spec.branches.find((branch) => branch !== build.commit_info.branch) ?? spec.branches[0];
    const destination = commitInfoFor(`pr-destination:${build._id}`, spec.repoUrl, into);
    build.pull_request_destination_commit_info = { ...destination, html_url: '', merge_status: 'unknown' };
  }
  data.testsAsLive.add(build._id);
}

function seedApp(data: ServiceData, spec: AppSpec, appIndex: number, seed?: string): void {
  const app: App = {
    _id: seed ? objectIdFor(`seed-app:${seed}:${spec.name}`) : (spec.id ?? objectIdFor(`seed-app:${spec.name}`)),
    app_name: seed ? `${seed} ${spec.name}` : spec.name,
    ...(!spec.liveShapes && { platform: spec.platform }),
    ...spec.extraFields,
  };
  data.apps.push(app);
  data.repoUrls.set(app._id, spec.repoUrl);
  data.branches.set(app._id, [
    ...spec.branches.map((name) => ({ name })),
    ...(spec.deletedBranches ?? []).map((name) => ({ name, deleted: true })),
  ]);
  const groups = (spec.deploymentGroups ?? []).map((group) => ({
    _id: objectIdFor(`group:${app._id}:${group.name}`),
    ...group,
    testers: [...group.testers],
  }));
  data.deploymentGroups.set(app._id, groups);
  for (let index = 0; index < spec.buildCount; index++) data.builds.push(seedBuild(data, spec, app, appIndex, index));
  if (spec.baseComparison) seedBaseComparison(data, app._id, spec.repoUrl);
}

/**
 * A fresh copy of the seeded data set; every call gives equal, independent data. `origin` is where download
 * links point; another `seed` gives other app ids (so build ids) and names.
 */
export function seedData(origin = 'http://127.0.0.1', seed?: string): ServiceData {
  const data = emptyData(origin);
  SEEDED_APPS.forEach((spec, appIndex) => seedApp(data, spec, appIndex, seed));
  return data;
}

/** `count` more apps, each with one build of a repository of its own, after the apps already there. */
export function addGeneratedApps(data: ServiceData, count: number): void {
  const first = data.apps.length;
  for (let index = 0; index < count; index++) {
    const number = String(first + index + 1).padStart(5, '0');
    const spec: AppSpec = {
      name: `Generated app ${number}`,
      platform: index % 2 === 0 ? 'ios' : 'android',
      // Named like the app, as real repositories often are (the first window asks such apps first).
      repoUrl: `git@github.com:generated/app-${number}.git`,
      branches: ['main'],
      buildCount: 1,
    };
    seedApp(data, spec, first + index);
  }
}

const FLAVOURS = ['Notes', 'Café', '天気', 'الطقس', 'חדשות', '🚀 Rocket', 'Ελληνικά', 'Zürich Transit', '지도', 'Shop'];

/** `n` apps with deterministic, unique ids and names (names in several scripts), alternating platforms. */
export function generateApps(n: number): App[] {
  return Array.from({ length: n }, (_, index) => {
    const platform = index % 2 === 0 ? 'ios' : 'android';
    const number = String(index + 1).padStart(5, '0');
    return {
      _id: objectIdFor(`generated-app:${index}`),
      app_name: `${FLAVOURS[index % FLAVOURS.length]} ${number} ${platform === 'ios' ? 'iOS' : 'Android'}`,
      platform,
    };
  });
}
