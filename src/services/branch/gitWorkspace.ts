import vscode = require('vscode');
import type { GitSnapshot, RepoSnapshot } from '../../core/branch/branchState';
import { pushed, type GitHead } from '../../core/branch/branchWatch';
import type { Log } from '../log';
import { GIT_EXTENSION_ID, type GitApi, type GitExtension, type Head, type Repository } from './gitTypes';
import { activeRepository, workspaceRepositories } from './workspaceRepositories';
import { Disposable, DisposableStore } from '../../core/disposable';

/** Repository state fires on every file save; branch switches need not show faster than this. */
const DEBOUNCE_MS = 250;
/** Newer Git extensions say "enabled" before the model exists and getAPI throws for a moment: retried. */
const MODEL_RETRY_MS = 250;
const MODEL_RETRIES = 20;
/** How long the first read waits for Git to read a repository it has opened before showing it as it is. */
const FIRST_READ_MS = 2_000;

// Git is optional: without it (or with git.enabled off) the snapshot says 'no-git' and nothing else
// breaks. Connecting is asynchronous, so activation never waits for the Git extension.
export class GitWorkspace extends Disposable {
  private readonly changed = new vscode.EventEmitter<GitSnapshot>();
  readonly onDidChange = this.changed.event;
  private readonly push = new vscode.EventEmitter<void>();
  readonly onDidPush = this.push.event;
  private current: GitSnapshot = { kind: 'waiting' };
  private all: RepoSnapshot[] = [];
  private readonly heads = new Map<string, GitHead>();
  private api: GitApi | undefined;
  /** The Git API's listeners (renewed each time Git is enabled) and its repositories' (renewed each update). */
  private readonly apiSubscriptions = new DisposableStore();
  private readonly repoSubscriptions = new DisposableStore();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Until Git has first read the workspace's repositories, its news is taken at once: the first window's status bar waits on it. */
  private firstRead = true;
  private firstReadLimit: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly log: Log) {
    super();
    this.register(this.apiSubscriptions, this.repoSubscriptions);
    void this.connect().catch((error: unknown) => {
      this.log.warn(`Could not use the Git extension: ${error instanceof Error ? error.message : String(error)}`);
      this.publish({ kind: 'no-git' });
    });
  }

  get snapshot(): GitSnapshot {
    return this.current;
  }

  /** Every repository of the workspace, in the order of its folders; empty when `snapshot` is no repository. */
  get repositories(): readonly RepoSnapshot[] {
    return this.all;
  }

  get gitApi(): GitApi | undefined {
    return this.api;
  }

  private async connect(): Promise<void> {
    const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
    if (!extension) return this.publish({ kind: 'no-git' });
    this.register(
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('git.enabled')) this.schedule();
      }),
    );
    const git = extension.isActive ? extension.exports : await extension.activate();
    this.register(git.onDidChangeEnablement(() => this.attach(git)));
    this.attach(git);
  }

  private attach(git: GitExtension, attempt = 0): void {
    clearTimeout(this.retryTimer);
    try {
      this.attachApi(git);
    } catch (error) {
      if (git.enabled && attempt < MODEL_RETRIES) {
        this.retryTimer = setTimeout(() => this.attach(git, attempt + 1), MODEL_RETRY_MS);
        return;
      }
      // getAPI throws while the Git extension has no model (git missing): the same as no Git.
      this.log.warn(`The Git extension is not usable: ${error instanceof Error ? error.message : String(error)}`);
      this.api = undefined;
      this.publish({ kind: 'no-git' });
    }
  }

  private attachApi(git: GitExtension): void {
    this.apiSubscriptions.clear();
    if (!git.enabled) {
      this.api = undefined;
      return this.publish({ kind: 'no-git' });
    }
    // A fresh API object each time Git is enabled: the old one's repositories are gone.
    const api = git.getAPI(1);
    this.api = api;
    const reselect = () => this.schedule();
    this.apiSubscriptions.add(api.onDidChangeState(reselect));
    this.apiSubscriptions.add(api.onDidOpenRepository(reselect));
    this.apiSubscriptions.add(api.onDidCloseRepository(reselect));
    this.update();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), this.firstRead ? 0 : DEBOUNCE_MS);
  }

  private update(): void {
    this.timer = undefined;
    const api = this.api;
    if (!api) return;
    this.repoSubscriptions.clear();
    // Git turned off after it was on keeps its extension "enabled" (it only closes the repositories):
    // the setting says why none is open.
    if (!gitSettingOn()) return this.publish({ kind: 'no-git' });
    const repositories = workspaceRepositories(api.repositories);
    for (const r of repositories) this.repoSubscriptions.add(r.state.onDidChange(() => this.schedule()));
    if (repositories.length === 0) {
      if (api.state === 'initialized') this.endFirstRead();
      return this.publish(api.state === 'initialized' ? { kind: 'no-repository' } : { kind: 'waiting' }, []);
    }
    // Git opens a repository before it reads its HEAD and remotes (that read fires the listener above):
    // shown once read, not first as a repository on no branch; one Git cannot read shows after FIRST_READ_MS.
    if (this.firstRead && repositories.some((r) => r.state.HEAD === undefined)) {
      this.firstReadLimit ??= setTimeout(() => {
        this.endFirstRead();
        this.update();
      }, FIRST_READ_MS);
      return;
    }
    this.endFirstRead();
    const all = repositories.map((repository) => this.snapshotOf(repository));
    const active = activeRepository(repositories, vscode.window.activeTextEditor?.document.uri);
    this.publish(all[repositories.indexOf(active)], all);
  }

  private endFirstRead(): void {
    this.firstRead = false;
    clearTimeout(this.firstReadLimit);
  }

  private snapshotOf(repository: Repository): RepoSnapshot {
    const root = repository.rootUri.toString();
    const { HEAD, remotes } = repository.state;
    const head = headOf(root, HEAD);
    if (pushed(this.heads.get(root), head)) this.push.fire();
    this.heads.set(root, head);
    const remoteUrls = [...new Set(remotes.flatMap((r) => [r.fetchUrl, r.pushUrl]).filter((u): u is string => !!u))];
    const name = repository.rootUri.path.split('/').filter(Boolean).pop() ?? root;
    return { kind: 'repository', root, name, branch: HEAD?.name || undefined, remoteUrls };
  }

  private publish(next: GitSnapshot, all: RepoSnapshot[] = []): void {
    if (JSON.stringify([next, all]) === JSON.stringify([this.current, this.all])) return;
    this.current =
      next.kind === 'repository' ? { kind: 'repository', root: next.root, branch: next.branch, remoteUrls: next.remoteUrls } : next;
    this.all = all;
    this.changed.fire(this.current);
  }

  override dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.firstReadLimit);
    super.dispose();
    this.changed.dispose();
    this.push.dispose();
  }
}

const gitSettingOn = () => vscode.workspace.getConfiguration('git').get<boolean>('enabled') !== false;

/** The branch is named with its repository: the same name in another repository is another branch. */
function headOf(root: string, head: Head | undefined): GitHead {
  const upstream = head?.upstream;
  return {
    branch: head?.name ? `${root} ${head.name}` : undefined,
    upstream: upstream ? `${upstream.remote}/${upstream.name}` : undefined,
    upstreamCommit: upstream?.commit,
    ahead: head?.ahead,
  };
}
