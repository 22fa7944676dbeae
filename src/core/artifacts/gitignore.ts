// Whether a .gitignore already keeps a folder out of commits, and adding the line that would: only to
// a regular file of the workspace's own, by appending bytes (a symlinked .gitignore is left alone).
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import * as path from 'node:path';

/** True when a line of `gitignore` names `folder` at the top or anywhere (the usual ways of writing it). */
export function ignoresFolder(gitignore: string, folder: string): boolean {
  const forms = new Set([
    folder,
    `${folder}/`,
    `/${folder}`,
    `/${folder}/`,
    `${folder}/*`,
    `/${folder}/*`,
    `${folder}/**`,
    `/${folder}/**`,
  ]);
  return gitignore.split(/\r?\n/).some((line) => forms.has(line.trim()));
}

/** What to append to `gitignore` for `folder` at the repository's top, keeping its line ends. */
export function ignoreLineFor(gitignore: string, folder: string): string {
  const newline = gitignore.includes('\r\n') ? '\r\n' : '\n';
  const separator = gitignore === '' || gitignore.endsWith('\n') ? '' : newline;
  return `${separator}/${folder}/${newline}`;
}

export type GitignoreFile = { kind: 'missing' } | { kind: 'file'; text: string } | { kind: 'not-regular' };

/** The workspace's .gitignore, read as bytes (latin1 keeps every byte; the lines looked for are ASCII). */
export async function readGitignore(root: string): Promise<GitignoreFile> {
  const file = path.join(root, '.gitignore');
  const info = await lstat(file).catch(() => undefined);
  if (!info) return { kind: 'missing' };
  if (!info.isFile() || info.nlink > 1) return { kind: 'not-regular' };
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return { kind: 'file', text: (await handle.readFile()).toString('latin1') };
  } finally {
    await handle.close();
  }
}

/**
 * Appends the line for `folder` to `root`/.gitignore (created if missing); false, with nothing
 * written, when it is not a regular file there (a symbolic link, a hard link, a folder…).
 */
export async function appendIgnoreLine(root: string, folder: string): Promise<boolean> {
  const file = path.join(root, '.gitignore');
  // O_NOFOLLOW refuses a link even as the last step; where it does not exist (Windows), lstat comes first.
  if ((await lstat(file).catch(() => undefined))?.isSymbolicLink()) return false;
  const flags = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
  let handle;
  try {
    handle = await open(file, flags, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return false;
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.nlink > 1) return false;
    const text = (await handle.readFile()).toString('latin1');
    if (ignoresFolder(text, folder)) return true;
    await handle.write(Buffer.from(ignoreLineFor(text, folder), 'latin1'));
    return true;
  } finally {
    await handle.close();
  }
}
