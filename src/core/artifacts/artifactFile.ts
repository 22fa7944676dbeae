// The file a download writes, made so that it can never follow a link nor replace a file: the
// temporary file is created exclusively, and its final name is taken with link(), which fails rather
// than replace whatever is there, even a file that appeared a moment before.
import { constants, type WriteStream } from 'node:fs';
import { link, open, rename, statfs, unlink } from 'node:fs/promises';
import { numberedName, pathInside } from './fileName';

// O_NOFOLLOW does not exist on Windows; O_EXCL alone already refuses any existing entry, a link included.
const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** A stream into a file that did not exist before (EEXIST otherwise); the stream closes the file. */
export async function createExclusive(file: string): Promise<WriteStream> {
  return (await open(file, EXCLUSIVE)).createWriteStream();
}

/** Where hard links are not supported (FAT, exFAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/**
 * Gives the finished `temporary` the first free name of `name`, `name (2)`, … in `folder` and
 * removes the temporary name. Two downloads of one name at once get two files.
 */
export async function finishWithoutReplacing(temporary: string, folder: string, name: string): Promise<{ path: string; name: string }> {
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, n);
    const target = pathInside(folder, candidate);
    if (!target) throw Object.assign(new Error(`unusable name ${candidate}`), { code: 'EINVAL', path: folder });
    try {
      await link(temporary, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') continue;
      if (!NO_HARD_LINKS.has(code)) throw error;
      if (!(await claim(target))) continue;
      // The name is ours (created exclusively just now); rename replaces only that empty file.
      await rename(temporary, target);
      return { path: target, name: candidate };
    }
    await unlink(temporary);
    return { path: target, name: candidate };
  }
}

/** Creates `file` empty if nothing is there; false when something is. */
async function claim(file: string): Promise<boolean> {
  try {
    await (await open(file, EXCLUSIVE)).close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Bytes free for this user on the disk that holds `folder`; undefined when the system does not say. */
export async function freeBytes(folder: string): Promise<number | undefined> {
  try {
    const { bavail, bsize } = await statfs(folder);
    return bavail * bsize;
  } catch {
    return undefined;
  }
}
