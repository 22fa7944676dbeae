// What is kept of artifact sizes across windows, per account: a finished build's files never change, so
// each is asked once ever. Bounded (the oldest build goes first) and read defensively: it is our own
// globalState, but an old or damaged entry must read as "not known", never as a size.
import { ARTIFACT_SIZE_MAX } from '../../api/downloads/artifactSize';
import type { Build } from '../../api/models';
import { type ArtifactSize, sizedArtifacts } from './artifactSizes';

/** Builds kept per account: the history's 50 and the branches looked at, many times over. */
export const SIZED_BUILDS_MAX = 500;
/** One build's entry heavier than this (a hostile id or names) is not kept: asked again, never weighing on globalState. */
const ENTRY_BYTES_MAX = 4 * 1024;
/** The whole store in bytes of JSON: ordinary builds weigh some 200 bytes, so the count bounds it long before this. */
export const STORE_BYTES_MAX = 512 * 1024;

/** Builds whose notice was shown, kept so it is shown once per build. */
const NOTICED_MAX = 100;

type Sizes = Readonly<Record<string, number | null>>;

export interface StoredSizes {
  /** Oldest first (an array: an object would put ids that look like numbers first): build id, each artifact's bytes by key (null: its server would not say). */
  readonly builds: readonly (readonly [string, Sizes])[];
  readonly noticed: readonly string[];
}

export const NO_SIZES: StoredSizes = { builds: [], noticed: [] };

/** A stored value as StoredSizes, dropping whatever is not a size. */
export function readSizes(raw: unknown): StoredSizes {
  if (typeof raw !== 'object' || raw === null) return NO_SIZES;
  const { builds, noticed } = raw as { builds?: unknown; noticed?: unknown };
  const kept: [string, Sizes][] = [];
  for (const entry of Array.isArray(builds) ? builds.slice(-SIZED_BUILDS_MAX) : []) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'object' || entry[1] === null) continue;
    kept.push([entry[0], Object.fromEntries(Object.entries(entry[1] as object).filter(([, size]) => size === null || isSize(size)))]);
  }
  const ids = Array.isArray(noticed) ? noticed.filter((id): id is string => typeof id === 'string').slice(-NOTICED_MAX) : [];
  return { builds: bounded(kept), noticed: ids };
}

export function isSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= ARTIFACT_SIZE_MAX;
}

export function sizesOf(stored: StoredSizes, buildId: string): Sizes | undefined {
  return stored.builds.find(([id]) => id === buildId)?.[1];
}

/** A build's artifacts with the sizes kept for them; undefined where none is kept. */
export function knownSizes(stored: StoredSizes, build: Pick<Build, 'id' | 'links'>): ArtifactSize[] {
  // Own keys only: an artifact called `constructor` or `__proto__` would read the prototype's as its size.
  const sizes = sizesOf(stored, build.id) ?? {};
  return sizedArtifacts(build.links.download).map(({ key, link }) => ({
    key,
    link,
    size: Object.hasOwn(sizes, key) ? sizes[key] : undefined,
  }));
}

/** The store with a build's sizes added (merged with what it had), now the newest; the oldest past the bound gone. */
export function withSizes(stored: StoredSizes, buildId: string, sizes: Sizes): StoredSizes {
  const merged = { ...sizesOf(stored, buildId), ...sizes };
  return { ...stored, builds: bounded([...stored.builds.filter(([id]) => id !== buildId), [buildId, merged] as const]) };
}

/** Entries' weights, as each is weighed once: an entry is kept unchanged from write to write. */
const weights = new WeakMap<object, number>();

/** The newest builds within SIZED_BUILDS_MAX and STORE_BYTES_MAX, oldest first; an entry past ENTRY_BYTES_MAX is dropped. */
function bounded(builds: readonly (readonly [string, Sizes])[]): (readonly [string, Sizes])[] {
  const kept: (readonly [string, Sizes])[] = [];
  let bytes = 0;
  for (let i = builds.length - 1; i >= 0 && kept.length < SIZED_BUILDS_MAX; i--) {
    const entry = builds[i];
    let weight = weights.get(entry);
    if (weight === undefined) weights.set(entry, (weight = Buffer.byteLength(JSON.stringify(entry))));
    if (weight > ENTRY_BYTES_MAX) continue;
    if (bytes + weight > STORE_BYTES_MAX) break;
    bytes += weight;
    kept.push(entry);
  }
  return kept.reverse();
}

export function withNoticed(stored: StoredSizes, buildId: string): StoredSizes {
  return { ...stored, noticed: [...stored.noticed.filter((id) => id !== buildId), buildId].slice(-NOTICED_MAX) };
}
