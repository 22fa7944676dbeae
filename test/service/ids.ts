// Deterministic ids, hashes and dates: the same label gives the same value in every run and process,
// so seeded data never depends on chance or on the order things were generated in.
import { createHash } from 'node:crypto';

/** Seeded data is dated relative to this instant. */
export const SEED_EPOCH_MS = Date.parse('2024-03-01T09:00:00.000Z');

export function digestOf(label: string): string {
  return createHash('sha1').update(label).digest('hex');
}

/** A 24-hex-digit id, the documented shape of the ids of apps, builds and deployment groups. */
export function objectIdFor(label: string): string {
  return digestOf(label).slice(0, 24);
}

/** An id of another shape, as the live service also sent (API.md 2b): `length` letters and digits. */
export function liveIdFor(label: string, length: number): string {
  return BigInt(`0x${digestOf(label)}`)
    .toString(36)
    .padStart(length, '0')
    .slice(0, length);
}

/** A whole number in [0, n), the seeded stand-in for randomness. */
export function pick(label: string, n: number): number {
  return parseInt(digestOf(label).slice(0, 8), 16) % n;
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
