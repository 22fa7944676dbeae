// The folder a download lands in stays inside the one the user chose: a repository can commit a
// symbolic link (build-artifacts -> ~/.ssh), and following it would write wherever it points.
import { lstat, mkdir, readdir, realpath, unlink } from 'node:fs/promises';
import * as path from 'node:path';

export type UnsafeFolderReason = 'symlink' | 'not-folder' | 'outside';

export class UnsafeFolder extends Error {
  override readonly name = 'UnsafeFolder';

  constructor(
    readonly reason: UnsafeFolderReason,
    /** The path at fault, as the user would find it. */
    readonly where: string,
  ) {
    super(`${where}: ${reason}`);
  }
}

/**
 * Checks every component of `folder` below `root` with lstat: none may be a symbolic link (or a
 * junction) or anything but a folder, and the real path must stay inside the root's real path.
 * With `create`, missing components are made one at a time, each checked after it exists.
 */
export async function checkFolder(root: string, folder: string, { create = false } = {}): Promise<void> {
  const base = path.resolve(root);
  const target = path.resolve(folder);
  const relative = path.relative(base, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new UnsafeFolder('outside', target);
  let current = base;
  for (const part of relative.split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    // mkdir never follows a link that is already there: it fails with EEXIST and lstat sees the link.
    if (create) await mkdir(current).catch(unlessExists);
    const info = await lstat(current).catch(unlessMissing);
    if (!info) {
      if (create) throw new UnsafeFolder('not-folder', current);
      return; // Made later, with `create`.
    }
    if (info.isSymbolicLink()) throw new UnsafeFolder('symlink', current);
    if (!info.isDirectory()) throw new UnsafeFolder('not-folder', current);
  }
  const [realBase, realTarget] = await Promise.all([realpath(base), realpath(target)]);
  if (realTarget !== realBase && !realTarget.startsWith(realBase.endsWith(path.sep) ? realBase : realBase + path.sep)) {
    throw new UnsafeFolder('outside', target);
  }
}

/** A temporary file of ours: `<name>.<8 hex digits>.download` (artifactDownload.ts names them). */
const TEMPORARY = /\.[0-9a-f]{8}\.download$/;
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Removes our temporary files older than a day from `folder` (left by a window closed mid-download)
 * and returns their names. Only regular files of our pattern: never a link, a folder or a user's file.
 */
export async function sweepStaleDownloads(folder: string, now = Date.now()): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
    const file = path.join(folder, entry.name);
    const info = await lstat(file).catch(() => undefined);
    if (!info?.isFile() || now - info.mtimeMs < STALE_AFTER_MS) continue;
    if (
      await unlink(file).then(
        () => true,
        () => false,
      )
    )
      removed.push(entry.name);
  }
  return removed;
}

function unlessExists(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
}

function unlessMissing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  return undefined;
}
