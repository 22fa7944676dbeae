// The members of the built-in Git extension's API (git.d.ts, version 1) this extension relies on.
import type * as vscode from 'vscode';

export const GIT_EXTENSION_ID = 'vscode.git';

export interface GitExtension {
  readonly enabled: boolean;
  readonly onDidChangeEnablement: vscode.Event<boolean>;
  getAPI(version: 1): GitApi;
}

export interface GitApi {
  /** 'uninitialized' until the extension has looked for the workspace's repositories. */
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: Repository[];
  readonly onDidOpenRepository: vscode.Event<Repository>;
  readonly onDidCloseRepository: vscode.Event<Repository>;
  openRepository(root: vscode.Uri): Promise<Repository | null>;
  /** The file at `ref`, as the Git extension serves it (for a diff). */
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}

export interface Repository {
  readonly rootUri: vscode.Uri;
  readonly state: RepositoryState;
  /** Rejects when the repository does not have `ref`. */
  getCommit(ref: string): Promise<Commit>;
  /**
   * `git log`; rejects when git fails (a missing object, an unknown commit), [] only for a repository without commits. With `range` ('a..b') every commit of it, `maxEntries`
   * ignored; with `refNames` (given on stdin: a sha, `^sha` to leave out its history) `--topo-order` and
   * at most `maxEntries` (default 32); `path` after `--`. So in VS Code 1.100 and 1.139 alike.
   */
  log(options?: {
    readonly range?: string;
    readonly refNames?: readonly string[];
    readonly path?: string;
    readonly maxEntries?: number;
  }): Promise<Commit[]>;
  /** The files changed between `ref1`'s merge base with `ref2`, and `ref2`. */
  diffBetween(ref1: string, ref2: string): Promise<Change[]>;
  fetch(options?: { readonly remote?: string; readonly all?: boolean }): Promise<void>;
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  /** The working tree against `ref`: the files changed, or with `path` that file's unified diff. */
  diffWith(ref: string): Promise<Change[]>;
  diffWith(ref: string, path: string): Promise<string>;
}

export interface Commit {
  readonly hash: string;
  readonly message: string;
  readonly parents: readonly string[];
  readonly authorDate?: Date;
  readonly authorName?: string;
  readonly authorEmail?: string;
}

export interface Change {
  /** The Git extension's Status: 1 added, 6 deleted, 3 renamed, 5 modified (in diffBetween). */
  readonly status: number;
  readonly uri: vscode.Uri;
  readonly originalUri: vscode.Uri;
  readonly renameUri: vscode.Uri | undefined;
}

export interface RepositoryState {
  readonly HEAD: Head | undefined;
  readonly remotes: readonly Remote[];
  /** Fires for every change the extension notices (files too), so listeners debounce it. */
  readonly onDidChange: vscode.Event<void>;
}

export interface Head {
  readonly name?: string;
  readonly commit?: string;
  readonly upstream?: { readonly remote: string; readonly name: string; readonly commit?: string };
  readonly ahead?: number;
}

export interface Remote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}
