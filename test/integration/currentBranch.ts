// The Current Branch view's world: a real Git repository in the workspace folder, opened through
// VS Code's Git extension, with `origin` pointing where the seeded 2048 apps build; and the view's
// model as the extension's test hooks show it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BranchState } from '../../src/core/branch/branchState';
import type { BuildServiceExports } from '../../src/exports';
import type { BranchSection } from '../../src/services/branch/currentBranch';
import { FIND_REPLACE, REPO_2048 } from '../service/seedCatalog';
import { testing } from './extension';
import { waitFor } from './wait';

let repo: Promise<string> | undefined;

export function git(dir: string, ...args: string[]): string {
  // Never in the extension host's own folder: a missing dir must not run git in some other repository.
  assert.ok(dir, 'git needs the test repository folder');
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The test host turns Git off (git.enabled false in its user settings) so no other suite meets a
 * parent-folder repository prompt; these suites turn it on, without that prompt.
 */
export async function enableGit(): Promise<void> {
  const config = vscode.workspace.getConfiguration('git');
  await config.update('openRepositoryInParentFolders', 'never', vscode.ConfigurationTarget.Global);
  await config.update('enabled', true, vscode.ConfigurationTarget.Global);
}

/** Git off again, as the other suites expect it (their request counts must not include ours). */
export async function disableGit(): Promise<void> {
  const config = vscode.workspace.getConfiguration('git');
  if (config.inspect('enabled')?.globalValue === false) return;
  await config.update('enabled', false, vscode.ConfigurationTarget.Global);
}

function initRepository(dir: string, defaultBranch: string): void {
  git(dir, 'init', '-q', '-b', defaultBranch);
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'first');
}

/** A repository for a second workspace folder, outside the first: checked out on `branch`, `origin` at `remote`. */
export function secondRepository(prefix: string, branch: string, remote: string): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  initRepository(dir, 'main');
  git(dir, 'checkout', '-q', '-b', branch);
  git(dir, 'remote', 'add', 'origin', remote);
  writeFileSync(path.join(dir, 'second.txt'), 'second\n');
  return dir;
}

/** Adds `dir` as a workspace folder and opens its repository through the Git extension at once. */
export async function addWorkspaceRepository(api: BuildServiceExports, dir: string): Promise<void> {
  const added = new Promise((resolve) => vscode.workspace.onDidChangeWorkspaceFolders(resolve));
  const count = vscode.workspace.workspaceFolders?.length ?? 0;
  assert.ok(vscode.workspace.updateWorkspaceFolders(count, 0, { uri: vscode.Uri.file(dir) }), 'the folder can be added');
  await added;
  const gitApi = testing(api).branch.git.gitApi;
  assert.ok(gitApi);
  await gitApi.openRepository(vscode.Uri.file(dir));
}

/** Takes `dir` out of the workspace again (if it was added) and deletes it. */
/** Waits until Current Branch shows `count` repository sections, each with builds; returns them. */
export async function sectionsWithBuilds(api: BuildServiceExports, count: number): Promise<readonly BranchSection[]> {
  const { model } = testing(api).branch;
  await waitFor(
    () => model.sectionStates.length === count && model.sectionStates.every((s) => s.state.kind === 'builds'),
    () => `${count} repositories with builds (last: ${JSON.stringify(model.sectionStates.map((s) => [s.name, s.state.kind]))})`,
    15_000,
  );
  return model.sectionStates;
}

export async function removeWorkspaceRepository(dir: string | undefined): Promise<void> {
  if (dir === undefined) return;
  const index = (vscode.workspace.workspaceFolders ?? []).findIndex((f) => f.uri.fsPath === dir);
  if (index > 0) {
    const removed = new Promise((resolve) => vscode.workspace.onDidChangeWorkspaceFolders(resolve));
    vscode.workspace.updateWorkspaceFolders(index, 1);
    await removed;
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * One repository for the whole run, made on first use; opened through the Git extension on every call,
 * and read by Git at once (gitReads' `status()`). `prepare` (e.g. a checkout) runs before that: Git sees
 * a change made behind its back otherwise only through its file watcher, a second or more late, up to
 * some six while it waits out its last refresh, longer on a loaded machine, and not while the window is unfocused.
 */
export async function testRepository(prepare?: (dir: string) => void): Promise<string> {
  repo ??= Promise.resolve().then(() => {
    // Inside the workspace folder: the Git extension opens no repository outside the workspace
    // unless git.openRepositoryInParentFolders is "always", which would also open this project.
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? tmpdir();
    for (const old of readdirSync(folder).filter((n) => n.startsWith('branch-repo-')))
      rmSync(path.join(folder, old), { recursive: true, force: true });
    const dir = mkdtempSync(path.join(folder, 'branch-repo-'));
    initRepository(dir, 'master');
    for (const branch of ['develop', FIND_REPLACE]) git(dir, 'branch', branch);
    git(dir, 'remote', 'add', 'origin', REPO_2048);
    return dir;
  });
  const dir = await repo;
  prepare?.(dir);
  await enableGit();
  const gitExtension = vscode.extensions.getExtension<{ getAPI(v: 1): { openRepository(uri: vscode.Uri): Promise<unknown> } }>(
    'vscode.git',
  );
  assert.ok(gitExtension, 'the built-in Git extension is in this host');
  const exports = gitExtension.isActive ? gitExtension.exports : await gitExtension.activate();
  // Enabling is asynchronous in the Git extension: getAPI throws until its model exists.
  let opened: { status(): Promise<void> } | null = null;
  await waitFor(async () => {
    try {
      opened = (await exports.getAPI(1).openRepository(vscode.Uri.file(dir))) as typeof opened;
      return opened !== null;
    } catch {
      return false;
    }
  }, 'Git opened the repository');
  // Open since an earlier suite: `prepare`'s checkout is read now, not when Git's file watcher gets to it
  // (more than 10 s late on a loaded machine).
  await opened!.status();
  return dir;
}

/**
 * Has Git read the repository at `dir` now, as its Refresh command does: a change made behind its back
 * (a checkout, a remote's address) it otherwise sees through its file watcher, seconds late on a
 * loaded machine.
 */
export async function gitReads(api: BuildServiceExports, dir: string): Promise<void> {
  const repository = testing(api).branch.git.gitApi?.repositories.find((r) => r.rootUri.fsPath === dir);
  assert.ok(repository, `Git has ${dir} open`);
  // status() is in the Git extension's API (git.d.ts); the extension's own types leave it out.
  await (repository as unknown as { status(): Promise<void> }).status();
}

/** `git checkout -q <args>` in `dir`, then has Git read the repository at once (gitReads). */
export async function checkOut(api: BuildServiceExports, dir: string, ...args: string[]): Promise<void> {
  git(dir, 'checkout', '-q', ...args);
  await gitReads(api, dir);
}

/** Waits until the Current Branch model is in the state `test` accepts, and returns it. */
export async function waitForBranchState(
  api: BuildServiceExports,
  test: (s: BranchState) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<BranchState> {
  const { model, git: gitWorkspace } = testing(api).branch;
  await waitFor(
    () => test(model.state),
    () => `${what} (last state: ${JSON.stringify(model.state).slice(0, 300)}; ${gitView(gitWorkspace)})`,
    timeoutMs,
  );
  return model.state;
}

/** What Git itself says, for a wait's failure: its state, the repositories it has open, the workspace's folders. */
function gitView(gitWorkspace: ReturnType<typeof testing>['branch']['git']): string {
  const gitApi = gitWorkspace.gitApi;
  const repositories = gitApi?.repositories.map((r) => `${r.rootUri.toString()} on ${r.state.HEAD?.name ?? '?'}`);
  const folders = vscode.workspace.workspaceFolders?.map((f) => f.uri.toString());
  return `Git ${gitApi?.state ?? 'not attached'}, open: ${JSON.stringify(repositories)}, folders: ${JSON.stringify(folders)}, snapshot: ${JSON.stringify(gitWorkspace.snapshot)}`;
}
