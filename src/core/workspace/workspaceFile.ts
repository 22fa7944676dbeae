// The one way a workspace file is read: the workspace is not trusted, and a branch can commit a link to
// /dev/zero, a FIFO, a file outside the workspace or a generated file of 55 MB. Only a regular file inside
// a workspace folder (after following links), of a wanted extension and at most `maxBytes`, is read, within
// `timeoutMs`; anything else is skipped with its reason, which the caller says where the user looks.
import * as l10n from '@vscode/l10n';
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Not read, or (`too-many-changes`) read but its diff cut at CHANGED_RANGES_MAX: the functions past the cut are not
 * counted; `out-of-time`: not reached (or not finished) within the pass's CHANGED_FILES_SECONDS; `too-many-files`:
 * past the pass's first CHANGED_FILES_MAX files.
 */
export type SkipReason =
  'too-large' | 'not-regular' | 'outside' | 'timed-out' | 'unreadable' | 'too-many-changes' | 'out-of-time' | 'too-many-files';

/** The most changed ranges of one file's diff that are counted (core/coverage/changedFunctions.ts `changedLines`). */
export const CHANGED_RANGES_MAX = 10_000;

/** The time for reading all of a branch's changed files (up to CHANGED_FILES_MAX, each within its own 5 s): core/workspace/readPass.ts. */
export const CHANGED_FILES_SECONDS = 30;

/** The most of a branch's changed source files read in one pass; the rest are said as not read. */
export const CHANGED_FILES_MAX = 2_000;

export type WorkspaceRead =
  | { readonly kind: 'read'; readonly text: string }
  /** Not one of the extensions asked for: never opened, and nothing to tell the user. */
  | { readonly kind: 'other-type' }
  | { readonly kind: 'skipped'; readonly reason: SkipReason };

export interface ReadLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

/** A source file larger than 4 MiB is generated; reading and scanning it would cost the host a second. */
export const READ_LIMITS: ReadLimits = { maxBytes: 4 * 1024 * 1024, timeoutMs: 5_000 };

export interface ReadRequest {
  /** The workspace folders' paths: the file, links followed, must be in one of them. */
  readonly roots: readonly string[];
  /** Lower case, without the dot; the file is not opened when its name ends otherwise. */
  readonly extensions?: readonly string[];
  readonly limits?: ReadLimits;
}

/** The text of `file` (UTF-8), or why it was not read. Never throws. */
export async function readWorkspaceFile(file: string, request: ReadRequest): Promise<WorkspaceRead> {
  if (request.extensions && !request.extensions.includes(extensionOf(file))) return { kind: 'other-type' };
  const limits = request.limits ?? READ_LIMITS;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<WorkspaceRead>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'skipped', reason: 'timed-out' }), limits.timeoutMs);
  });
  try {
    return await Promise.race([readChecked(file, request.roots, limits.maxBytes), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Lower case, without the dot; '' when the name has none. */
export function extensionOf(file: string): string {
  const name = path.basename(file);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether `file` is `root` or below it (both already real paths). */
export function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

async function readChecked(file: string, roots: readonly string[], maxBytes: number): Promise<WorkspaceRead> {
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return { kind: 'skipped', reason: 'unreadable' };
  }
  const checked = await stat(real).then(
    (s) => sizeOrReason(s, maxBytes),
    (): SkipReason => 'unreadable',
  );
  // A link to /dev/zero is "not a regular file" before it is "outside": what it is tells the user more.
  if (checked === 'not-regular') return { kind: 'skipped', reason: checked };
  const realRoots = await Promise.all(roots.map((root) => realpath(root).catch(() => path.resolve(root))));
  if (!realRoots.some((root) => isInside(root, real))) return { kind: 'skipped', reason: 'outside' };
  if (typeof checked === 'string') return { kind: 'skipped', reason: checked };
  // The path checked is opened without following a link, and not waiting on a FIFO swapped in meanwhile;
  // what was opened is checked again, and no more than the cap is read.
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  let handle;
  try {
    handle = await open(real, flags);
  } catch {
    return { kind: 'skipped', reason: 'unreadable' };
  }
  try {
    const again = sizeOrReason(await handle.stat(), maxBytes);
    if (typeof again === 'string') return { kind: 'skipped', reason: again };
    // Room for one byte more than the size, so a file that grew while read is noticed; never past the cap.
    let buffer = Buffer.alloc(again + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) return { kind: 'skipped', reason: 'too-large' };
        const bigger = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) return { kind: 'skipped', reason: 'too-large' };
    return { kind: 'read', text: new TextDecoder().decode(buffer.subarray(0, length)) };
  } catch {
    return { kind: 'skipped', reason: 'unreadable' };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function sizeOrReason(s: { isFile(): boolean; size: number }, maxBytes: number): number | SkipReason {
  if (!s.isFile()) return 'not-regular';
  return s.size > maxBytes ? 'too-large' : s.size;
}

/** What the user reads beside a file that was not read: "Evil.swift: not a regular file". */
export function skippedText(name: string, reason: SkipReason): string {
  switch (reason) {
    case 'too-large':
      return l10n.t('{0}: too large to read (over {1} MiB)', name, READ_LIMITS.maxBytes / (1024 * 1024));
    case 'not-regular':
      return l10n.t('{0}: not a regular file, not read', name);
    case 'outside':
      return l10n.t('{0}: a link that leaves the workspace folder, not read', name);
    case 'timed-out':
      return l10n.t('{0}: took too long to read', name);
    case 'too-many-changes':
      return l10n.t('{0}: more than {1} changes, the functions past them not counted', name, CHANGED_RANGES_MAX);
    case 'out-of-time':
      return l10n.t('{0}: not read, the {1} s for all changed files ran out', name, CHANGED_FILES_SECONDS);
    case 'too-many-files':
      return l10n.t('{0}: not read, only the first {1} changed files are', name, CHANGED_FILES_MAX);
    default:
      return l10n.t('{0}: could not be read', name);
  }
}
