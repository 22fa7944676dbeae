// A finished build's artefacts as bytes: generated on the fly from the build id and file name (never a
// file in the repository), the same bytes in every run, so a test can check size and hash of what arrived.
import { createHash } from 'node:crypto';
import { digestOf } from './ids';

/** The iOS builds' debug symbols: the big download the tests and the benchmark use. */
export const LARGE_ARTIFACT_BYTES = 20 * 1024 * 1024;
export const LARGE_ARTIFACT_SUFFIX = '.dSYM.zip';
const BLOCK_BYTES = 64 * 1024;

/** The path of an artefact below the service's origin. */
export function artifactPath(buildId: string, file: string): string {
  return `/v1/builds/${encodeURIComponent(buildId)}/artifacts/${encodeURIComponent(file)}`;
}

/** 20 MiB for debug symbols, between 200 and 1,200 KB for anything else. */
export function artifactSize(buildId: string, file: string): number {
  if (file.endsWith(LARGE_ARTIFACT_SUFFIX)) return LARGE_ARTIFACT_BYTES;
  return 200_000 + (parseInt(digestOf(`size:${buildId}:${file}`).slice(0, 8), 16) % 1_000_000);
}

/** The bytes in blocks of 64 KiB: one pseudo-random block, each copy stamped with its index, so order and gaps show in the hash. */
export function* artifactBlocks(seed: string, size: number): Generator<Buffer> {
  const block = Buffer.alloc(BLOCK_BYTES);
  let hash = createHash('sha256').update(seed).digest();
  for (let offset = 0; offset < BLOCK_BYTES; offset += hash.length) {
    hash.copy(block, offset);
    hash = createHash('sha256').update(hash).digest();
  }
  for (let index = 0, sent = 0; sent < size; index++) {
    const length = Math.min(BLOCK_BYTES, size - sent);
    const chunk = Buffer.from(block.subarray(0, length));
    if (length >= 4) chunk.writeUInt32BE(index, 0);
    sent += length;
    yield chunk;
  }
}

/** The SHA-256 (hex) of the bytes artifactBlocks gives. */
export function artifactDigest(seed: string, size: number): string {
  const hash = createHash('sha256');
  for (const block of artifactBlocks(seed, size)) hash.update(block);
  return hash.digest('hex');
}

/** The seed of a build's artefact, shared by the service and the tests. */
export function artifactSeed(buildId: string, file: string): string {
  return `artifact:${buildId}:${file}`;
}
