// Which repository each app builds, per account, as kept across windows (services/branch/repoMap.ts stores
// it in globalState): learning it costs one request per app, so a window that knows it asks only
// for the apps that match. Nothing here is secret: app ids and repository addresses.
import { MAX_IN_FLIGHT } from '../../api/client/requestGate';
import { mapPooled } from './pool';

/** `null`: the app had no builds when asked. */
export interface StoredRepos {
  /** When every app of the account was last asked (ms), 0 while some never were; a map older than RESWEEP_AFTER_MS is asked again in the background. */
  sweptAt: number;
  repos: Record<string, string | null>;
}

export const RESWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

/** A repository address longer than this is kept as none (`null`): real ones are far shorter, and globalState is written whole. */
export const MAX_REPO_URL_LENGTH = 2048;
/** Apps kept (and asked) per account: the map stays small whatever a service lists; later apps match no repository. */
export const MAX_STORED_APPS = 1000;

function capped(url: string | null | undefined): string | null {
  return typeof url === 'string' && url.length <= MAX_REPO_URL_LENGTH ? url : null;
}

/** What a stored value holds, or an empty map for anything else (an older or damaged value). */
export function readStored(value: unknown): StoredRepos {
  const empty: StoredRepos = { sweptAt: 0, repos: {} };
  if (typeof value !== 'object' || value === null) return empty;
  const { sweptAt, repos } = value as Partial<StoredRepos>;
  if (typeof sweptAt !== 'number' || typeof repos !== 'object' || repos === null) return empty;
  const kept: Record<string, string | null> = {};
  for (const [id, url] of Object.entries(repos).slice(0, MAX_STORED_APPS))
    if (typeof url === 'string' || url === null) kept[id] = capped(url);
  return { sweptAt, repos: kept };
}

/** The apps never asked about; apps the account no longer lists are dropped from what is kept. */
export function unknownApps(stored: StoredRepos, appIds: readonly string[]): string[] {
  return appIds.slice(0, MAX_STORED_APPS).filter((id) => !Object.prototype.hasOwnProperty.call(stored.repos, id));
}

export function withAnswers(
  stored: StoredRepos,
  appIds: readonly string[],
  answers: ReadonlyMap<string, string | undefined>,
  sweptAt: number,
): StoredRepos {
  const repos: Record<string, string | null> = {};
  for (const id of appIds.slice(0, MAX_STORED_APPS)) {
    if (answers.has(id)) repos[id] = capped(answers.get(id));
    else if (Object.prototype.hasOwnProperty.call(stored.repos, id)) repos[id] = stored.repos[id];
  }
  return { sweptAt, repos };
}

/**
 * Old enough to ask every app again. A map never whole (`sweptAt` 0: a first window's rest not all
 * answered yet) is not old: its unknown apps are asked as unknown, not all of them a second time.
 */
export function isStale(stored: StoredRepos, now: number): boolean {
  return stored.sweptAt > 0 && now - stored.sweptAt >= RESWEEP_AFTER_MS;
}

/**
 * Asks for the apps not known yet (`everything`: for all of them, the background refresh; `only`: for
 * these), at most `limit` (four) at a time; `asked` counts the answers, for a progress bar. The answer
 * keeps only apps still listed.
 */
export async function sweep(
  stored: StoredRepos,
  appIds: readonly string[],
  ask: (appId: string) => Promise<string | undefined>,
  options: {
    everything?: boolean;
    only?: readonly string[];
    limit?: number;
    now: () => number;
    asked?: (done: number, total: number) => void;
  },
): Promise<StoredRepos> {
  const wanted = options.only ?? (options.everything ? appIds.slice(0, MAX_STORED_APPS) : unknownApps(stored, appIds));
  let done = 0;
  const answers = new Map(
    await mapPooled(
      wanted,
      async (id) => {
        const url = await ask(id);
        options.asked?.(++done, wanted.length);
        return [id, url] as const;
      },
      options.limit,
    ),
  );
  const all = wanted.length === Math.min(appIds.length, MAX_STORED_APPS);
  return withAnswers(stored, appIds, answers, all ? options.now() : stored.sweptAt);
}

/**
 * The part of a first sweep a window waits for: the apps not known yet in `order`, the `likely` first
 * ones (core/branch/likelyApps.ts) one at a time, then the others four at a time until an app that
 * `builds` the repository has answered (none when a known app builds it). One at a time because on VS Code 1.100 – 1.104 each request
 * costs a new connection and about 75 ms of the extension host's thread: four at once held it for
 * 260–370 ms in a row (docs/PERFORMANCE.md). `rest`: the apps not asked, for the background.
 */
export async function sweepUntilFound(
  stored: StoredRepos,
  appIds: readonly string[],
  ask: (appId: string) => Promise<string | undefined>,
  options: {
    order: readonly string[];
    likely: number;
    builds: (repoUrl: string) => boolean;
    now: () => number;
    asked?: (done: number, total: number) => void;
  },
): Promise<{ stored: StoredRepos; rest: string[] }> {
  const unknown = new Set(unknownApps(stored, appIds));
  const likely = new Set(options.order.slice(0, options.likely));
  // An app known already builds it (an earlier window's rest stopped at its close): nothing to wait for.
  const known = appIds.some((id) => typeof stored.repos[id] === 'string' && options.builds(stored.repos[id]));
  const queue = known ? [] : options.order.filter((id) => unknown.has(id));
  let found = false;
  let done = 0;
  const answer = async (id: string) => {
    const url = await ask(id);
    if (url !== undefined && options.builds(url)) found = true;
    options.asked?.(++done, queue.length);
    return [id, url] as const;
  };
  const first = await mapPooled(
    queue.filter((id) => likely.has(id)),
    answer,
    1,
  );
  const others = queue.filter((id) => !likely.has(id));
  const then = await mapPooled(others, answer, MAX_IN_FLIGHT, () => found);
  const answered = [...first, ...then];
  const rest = known ? options.order.filter((id) => unknown.has(id)) : others.slice(then.length);
  const all = rest.length === 0 && queue.length === Math.min(appIds.length, MAX_STORED_APPS);
  return {
    stored: withAnswers(stored, appIds, new Map(answered), all ? options.now() : stored.sweptAt),
    rest,
  };
}
