// The builds an open history chart draws, kept from the copies the tracker hands out: the chart asks
// the service once, when it opens; a build that changes or appears afterwards is written into its list.
import type { Build } from '../../api/models';
import { HISTORY_LIMIT } from './history';

/**
 * `builds` (newest first, as listed) with `build`, the tracker's copy of a build of the chart's app
 * and branch: a listed build's new state, or a newer build on top. Undefined when the chart would draw
 * nothing new: the same state, or a build older than the whole list (a long list's tail).
 */
export function historyWith(builds: readonly Build[], build: Build, limit = HISTORY_LIMIT): readonly Build[] | undefined {
  const at = builds.findIndex((b) => b.id === build.id);
  if (at >= 0) {
    const before = builds[at];
    const same = before.status === build.status && before.finished === build.finished && before.finishedAt === build.finishedAt;
    return same ? undefined : builds.map((b, i) => (i === at ? build : b));
  }
  const oldest = builds.at(-1)?.createdAt;
  if (oldest !== undefined && build.createdAt !== undefined && build.createdAt < oldest) return undefined;
  // Its place by creation time; one without a time is the newest.
  const place = builds.findIndex((b) => build.createdAt === undefined || b.createdAt === undefined || b.createdAt <= build.createdAt);
  const next = place < 0 ? [...builds, build] : [...builds.slice(0, place), build, ...builds.slice(place)];
  return next.slice(0, limit);
}
