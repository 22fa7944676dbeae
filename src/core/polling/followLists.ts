// Followed builds are asked for per app: one list of the app's newest builds carries its unfinished
// ones (they are among its newest) and says how each that finished ended, which a status filter
// (`queued`, `running`) would not: a build gone from those lists would still cost a request of its own.
import type { Build } from '../../api/models';

/** The most a list may hold (API.md). */
export const MAX_LIST_LIMIT = 100;
/** Room for builds of other branches started after the followed ones. */
const LIST_ROOM = 20;

export function followListLimit(followed: number): number {
  return Math.min(MAX_LIST_LIMIT, followed + LIST_ROOM);
}

/** Builds without an app id can only be asked for alone. */
export function byApp(builds: readonly Pick<Build, 'id' | 'appId'>[]): { lists: Map<string, string[]>; alone: string[] } {
  const lists = new Map<string, string[]>();
  const alone: string[] = [];
  for (const { id, appId } of builds) {
    if (!appId) alone.push(id);
    else lists.set(appId, [...(lists.get(appId) ?? []), id]);
  }
  return { lists, alone };
}

/**
 * What to do about the followed builds a list did not hold: none left; a longer list when this one
 * was full and could be longer (more builds started since); else each alone (a 404 says it is gone).
 */
export function afterList(
  wanted: readonly string[],
  listed: readonly Pick<Build, 'id'>[],
  limit: number,
): { missing: string[]; next: 'done' | 'longer' | 'alone' } {
  const seen = new Set(listed.map((b) => b.id));
  const missing = wanted.filter((id) => !seen.has(id));
  if (missing.length === 0) return { missing, next: 'done' };
  return { missing, next: listed.length >= limit && limit < MAX_LIST_LIMIT ? 'longer' : 'alone' };
}
