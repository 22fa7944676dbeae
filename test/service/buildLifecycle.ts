// How builds come into being and move on: trigger, cancel, and one step of progress.
import type { App, Build } from './contract';
import { finishBuild } from './buildResults';
import { commitInfoFor } from './commits';
import type { ServiceData } from './data';
import { buildsOfApp, ensureBranch, repoUrlOf } from './data';
import { isoAt, pick } from './ids';

/** A new queued build of the branch's tip; it goes first in the app's list (newest first). */
export function triggerBuild(data: ServiceData, app: App, branch: string, buildId: string, nowMs: number): Build {
  const previous = buildsOfApp(data, app._id);
  const repoUrl = repoUrlOf(data, app._id);
  // The tip of a branch built before is that build's commit; a new branch gets a commit of its own.
  const tip = previous.find((build) => build.commit_info.branch === branch)?.commit_info;
  const build: Build = {
    _id: buildId,
    app_id: app._id,
    repo_url: repoUrl,
    build_status: 'queued',
    finished: false,
    commit_info: tip ? { ...tip, branch, tags: [...tip.tags] } : commitInfoFor(`tip:${app._id}:${branch}`, repoUrl, branch),
    build_number: Math.max(0, ...previous.map((b) => b.build_number)) + 1,
    created_at: isoAt(nowMs),
    started_at: null,
    finished_at: null,
    test_summary: {},
    links: { download: [], install: [] },
  };
  ensureBranch(data, app._id, branch);
  data.builds.unshift(build);
  return build;
}

/** Cancelling only affects unfinished builds; a finished one keeps its outcome. */
export function cancelBuild(build: Build, nowMs: number): void {
  if (build.finished) return;
  build.build_status = 'cancelled';
  build.finished = true;
  build.finished_at = isoAt(nowMs);
}

/** The outcome a build will have is fixed by its id, so demos and tests see the same story each run. */
export function outcomeOf(build: Build): 'success' | 'failed' {
  return pick(`outcome:${build._id}`, 4) === 0 ? 'failed' : 'success';
}

/** queued → running, running → success/failed; finished builds stay as they are. */
export function advanceBuild(data: ServiceData, build: Build, nowMs: number): void {
  if (build.build_status === 'queued') {
    build.build_status = 'running';
    build.started_at = isoAt(nowMs);
  } else if (build.build_status === 'running') {
    finishBuild(data, build, outcomeOf(build), isoAt(nowMs));
  }
}
