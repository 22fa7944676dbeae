// The Git extension's `repository.log({ refNames, maxEntries, path })`, run with git itself: the same command
// line (VS Code 1.100 and 1.139 build it alike: `--topo-order`, the refs on stdin, `-n`, the path after
// `--`) and the same fields read from its output.
import { execFile } from 'node:child_process';

export interface LogCommit {
  readonly hash: string;
  readonly message: string;
  readonly parents: readonly string[];
  readonly authorName: string;
}

/** Also counts: each call is one git process, as each call of the Git extension's log is. */
export const gitLogCalls: { refNames: readonly string[]; path?: string }[] = [];

export function gitLog(cwd: string, refNames: readonly string[], maxEntries: number, path?: string): Promise<LogCommit[]> {
  gitLogCalls.push({ refNames, path });
  const args = [
    'log',
    '--format=%H%n%aN%n%aE%n%at%n%ct%n%P%n%D%n%B',
    '-z',
    `-n${maxEntries}`,
    '--topo-order',
    '--decorate=full',
    '--stdin',
  ];
  if (path !== undefined) args.push('--', path);
  return new Promise((resolve, reject) => {
    const child = execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      // The extension rejects when git exits with an error (its _exec does); services/branch/commitsBetween.ts says so
      // as 'unreadable'. The core walk is given [] here for an unknown commit; a git that did not start is the test's failure.
      if (error && typeof error.code !== 'number') return reject(new Error(`git log: ${error.message}`));
      if (error) return resolve([]);
      resolve(
        stdout
          .split('\0')
          .filter((record) => record.trim())
          .map((record) => {
            const [hash, authorName, , , , parents, , ...message] = record.replace(/^\n/, '').split('\n');
            return { hash, authorName, parents: parents ? parents.split(' ') : [], message: message.join('\n').trimEnd() };
          }),
      );
    });
    child.stdin?.end(refNames.join('\n'));
  });
}
