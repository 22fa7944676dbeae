import vscode = require('vscode');
import type { GitSnapshot } from '../core/branchState';
import { pushed, type GitHead } from '../core/branchWatch';
import type { Log } from './log';
import { GIT_EXTENSION_ID, type GitApi, type GitExtension, type Head, type Repository } from './gitTypes';

/** Repository state fires on every file save; branch switches need not show faster than this. */
const DEBOUNCE_MS = 250;
/** Newer Git extensions say "enabled" before the model exists and getAPI throws for a moment: retried. */
const MODEL_RETRY_MS = 250;
const MODEL_RETRIES = 20;

// Git is optional: without it (or with git.enabled off) the snapshot says 'no-git' and nothing else
// breaks. Connecting is asynchronous, so activation never waits for the Git extension.
export class GitWorkspace implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<GitSnapshot>();
  readonly onDidChange = this.changed.event;
  private readonly push = new vscode.EventEmitter<void>();
  readonly onDidPush = this.push.event;
  private current: GitSnapshot = { kind: 'waiting' };
  private head: GitHead | undefined;
  private api: GitApi | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private apiSubscriptions: vscode.Disposable[] = [];
  private repoSubscription: vscode.Disposable | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly log: Log) {
    void this.connect().catch((error: unknown) => {
      this.log.warn(`Could not use the Git extension: ${error instanceof Error ? error.message : String(error)}`);
      this.publish({ kind: 'no-git' });
    });
  }

  get snapshot(): GitSnapshot {
    return this.current;
  }

  /** Tests use it to open a repository made in a temporary folder. */
  get gitApi(): GitApi | undefined {
    return this.api;
  }

  private async connect(): Promise<void> {
    const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
    if (!extension) return this.publish({ kind: 'no-git' });
    const git = extension.isActive ? extension.exports : await extension.activate();
    this.subscriptions.push(git.onDidChangeEnablement(() => this.attach(git)));
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
    for (const s of this.apiSubscriptions) s.dispose();
    this.apiSubscriptions = [];
    if (!git.enabled) {
      this.api = undefined;
      return this.publish({ kind: 'no-git' });
    }
    // A fresh API object each time Git is enabled: the old one's repositories are gone.
    const api = git.getAPI(1);
    this.api = api;
    const reselect = () => this.schedule();
    this.apiSubscriptions = [api.onDidChangeState(reselect), api.onDidOpenRepository(reselect), api.onDidCloseRepository(reselect)];
    this.update();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), DEBOUNCE_MS);
  }

  private update(): void {
    this.timer = undefined;
    const api = this.api;
    if (!api) return;
    const repository = pickRepository(api.repositories);
    this.repoSubscription?.dispose();
    this.repoSubscription = repository?.state.onDidChange(() => this.schedule());
    if (!repository) return this.publish(api.state === 'initialized' ? { kind: 'no-repository' } : { kind: 'waiting' });
    const { HEAD, remotes } = repository.state;
    const head = headOf(repository.rootUri.toString(), HEAD);
    if (pushed(this.head, head)) this.push.fire();
    this.head = head;
    const remoteUrls = [...new Set(remotes.flatMap((r) => [r.fetchUrl, r.pushUrl]).filter((u): u is string => !!u))];
    this.publish({ kind: 'repository', root: repository.rootUri.toString(), branch: HEAD?.name || undefined, remoteUrls });
  }

  private publish(next: GitSnapshot): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.changed.fire(next);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    this.repoSubscription?.dispose();
    for (const s of [...this.subscriptions, ...this.apiSubscriptions]) s.dispose();
    this.changed.dispose();
    this.push.dispose();
  }
}

/** The repository holding the (first) workspace folder; else the first one Git opened, by path. */
function pickRepository(repositories: readonly Repository[]): Repository | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.toString();
  const sorted = [...repositories].sort((a, b) => (a.rootUri.toString() < b.rootUri.toString() ? -1 : 1));
  const containing = folder ? sorted.filter((r) => folder === r.rootUri.toString() || folder.startsWith(`${r.rootUri.toString()}/`)) : [];
  // The innermost wins: a folder inside a submodule belongs to the submodule.
  return containing.pop() ?? sorted[0];
}

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
