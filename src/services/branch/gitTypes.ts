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
}

export interface Repository {
  readonly rootUri: vscode.Uri;
  readonly state: RepositoryState;
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
