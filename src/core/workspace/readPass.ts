// One time for a whole pass over many workspace files: each read has its own 5 s, but a branch's 2,000
// changed files, each with a Git diff of its own, could keep the work going for hours.
import { CHANGED_FILES_MAX, CHANGED_FILES_SECONDS, type SkipReason, type WorkspaceRead } from './workspaceFile';

export interface FileStep<F, T> {
  /** The file's text, or why it was not read (the one reader: readWorkspaceFile). */
  read(file: F): Promise<WorkspaceRead>;
  /** What the pass finds in a file read; `cut`: counted only in part, and why. */
  use(file: F, text: string): Promise<{ readonly found: readonly T[]; readonly cut?: SkipReason }>;
  /** Whether `read` would open it (its extension): only such files are read, counted, and said as not read. */
  wanted(file: F): boolean;
}

export interface PassResult<F, T> {
  /** What the files read within the time gave, in their order. */
  readonly found: T[];
  /** The files not read or not counted whole, with why; those the time did not reach as `out-of-time`. */
  readonly skipped: { readonly file: F; readonly reason: SkipReason }[];
}

/**
 * The wanted `files` one after another within `timeMs`, at most `maxFiles` of them: a file the time cut, and every
 * file after it, is `out-of-time`; the files past the first `maxFiles` are `too-many-files`.
 */
export async function readEachWithin<F, T>(
  all: readonly F[],
  step: FileStep<F, T>,
  timeMs = CHANGED_FILES_SECONDS * 1000,
  maxFiles = CHANGED_FILES_MAX,
): Promise<PassResult<F, T>> {
  const found: T[] = [];
  const wanted = all.filter((file) => step.wanted(file));
  const files = wanted.slice(0, maxFiles);
  const skipped: { file: F; reason: SkipReason }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<'out-of-time'>((resolve) => (timer = setTimeout(() => resolve('out-of-time'), timeMs)));
  try {
    for (const [i, file] of files.entries()) {
      // What a file gives is kept only once it is whole: a step the time cut may still finish, unseen.
      const done = await Promise.race([readOne(step, file), outOfTime]);
      if (done === 'out-of-time') {
        for (const late of files.slice(i)) skipped.push({ file: late, reason: 'out-of-time' });
        break;
      }
      found.push(...done.found);
      if (done.reason) skipped.push({ file, reason: done.reason });
    }
  } finally {
    clearTimeout(timer);
  }
  for (const file of wanted.slice(maxFiles)) skipped.push({ file, reason: 'too-many-files' });
  return { found, skipped };
}

async function readOne<F, T>(step: FileStep<F, T>, file: F): Promise<{ found: readonly T[]; reason?: SkipReason }> {
  const read = await step.read(file);
  if (read.kind === 'skipped') return { found: [], reason: read.reason };
  if (read.kind !== 'read') return { found: [] };
  const used = await step.use(file, read.text);
  return { found: used.found, reason: used.cut };
}
