import vscode = require('vscode');
import type { Build, BuildServiceClient, TestResult } from '../../api';
import { ApiError } from '../../api/errors';
import { baseBuildFor, finishedWithTests, noFailures } from '../../core/testing/baseComparison';
import type { BaseLook } from '../../core/testing/comparisonText';
import { listLimitFor } from '../../core/testing/comparisonSettings';
import { flakyTests, type FlakyReport } from '../../core/testing/flaky';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../accounts/accounts';
import type { GitWorkspace } from '../branch/gitWorkspace';
import type { Log } from '../log';
import { baseBranchSetting, flakyBuildsSetting } from './comparisonSettings';
import { originHead, repositoryOf } from './defaultBranch';
import { RequestPlan } from './requestPlan';

/** What a look needs: whose build, asked with which client, and the signal that ends it when the user moves on. */
export interface Look {
  readonly account: Account;
  readonly client: BuildServiceClient;
  readonly signal: AbortSignal;
}

// What is kept for the window's life: a finished build never changes, so neither do its failed tests or
// the base it was compared with; a branch's builds are listed once per look at its flaky tests.
export class TestComparisons implements vscode.Disposable {
  readonly plan = new RequestPlan();
  private readonly bases = new Map<string, Promise<BaseLook>>();
  private readonly settled = new Map<string, BaseLook>();
  private readonly failedTests = new Map<string, Promise<readonly TestResult[]>>();
  private readonly lists = new Map<string, Promise<readonly Build[]>>();
  private readonly defaults = new Map<string, Promise<string | undefined>>();
  private readonly reports = new Map<string, Promise<FlakyReport>>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A comparison or a flaky report became known. */
  readonly onDidLearn = this.changed.event;

  constructor(
    private readonly git: GitWorkspace,
    private readonly log: Log,
  ) {}

  /** What is known already of a build's comparison, without asking anything. */
  known(account: Account, buildId: string): BaseLook | undefined {
    return this.settled.get(account.scoped(buildId));
  }

  /** The base branch of a build; '' when none can be told. */
  async baseBranchOf(look: Look, build: Pick<Build, 'pullRequestDestination' | 'repoUrl' | 'appId'>): Promise<string> {
    const destination = build.pullRequestDestination?.branch;
    if (destination) return destination;
    const repository = repositoryOf(this.git, build.repoUrl);
    const set = baseBranchSetting(repository ? vscode.Uri.parse(repository.root) : undefined);
    if (set) return set;
    const head = repository ? await originHead(repository.root) : undefined;
    if (head) return head;
    return build.appId ? ((await this.appDefault(look, build.appId)) ?? '') : '';
  }

  /** The base build of a finished build and its failed tests: at most a list and one test request, once. */
  async compare(look: Look, build: Build): Promise<BaseLook> {
    const key = look.account.scoped(build.id);
    const outcome = await this.share(this.bases, key, look.signal, async (): Promise<BaseLook> => {
      const branch = await this.baseBranchOf(look, build);
      let outcome: BaseLook;
      if (!branch || !build.appId) outcome = { kind: 'no-branch' };
      else {
        const builds = await this.list(look, build.appId, branch, flakyBuildsSetting());
        const base = baseBuildFor(build, branch, builds);
        if (!base) outcome = { kind: 'no-base', branch };
        else {
          try {
            outcome = { kind: 'compared', branch, base, failed: await this.failedOf(look, base) };
          } catch (error) {
            if (isCancellation(error) || look.signal.aborted) throw error;
            this.log.warn(loggedText(`Base comparison: the tests of build ${base.id} could not be read: ${String(error)}`));
            outcome = { kind: 'unreadable', branch, base };
          }
        }
      }
      this.settled.set(key, outcome);
      this.changed.fire();
      return outcome;
    });
    // Only a comparison made is kept: a base with no finished build yet, or unreadable tests, may change.
    if (outcome.kind === 'no-base' || outcome.kind === 'unreadable') this.bases.delete(key);
    return outcome;
  }

  /** The flaky tests of a branch over its last N finished builds: one list and at most N test requests, once. */
  flaky(look: Look, appId: string, branch: string): Promise<FlakyReport> {
    const builds = flakyBuildsSetting();
    const key = `${look.account.scoped(appId)}\n${branch}\n${builds}`;
    return this.share(this.reports, key, look.signal, async () => {
      const listed = await this.list(look, appId, branch, builds);
      const history = listed.filter((b) => b.commit.branch === branch && finishedWithTests(b)).slice(0, builds);
      const failed = await Promise.all(history.map((build) => this.failedOf(look, build)));
      const report = flakyTests(
        branch,
        history.map((build, index) => ({ build, failed: failed[index] })),
      );
      this.changed.fire();
      return report;
    });
  }

  /** Known without asking: the flaky tests of a branch looked at before. */
  async knownFlaky(account: Account, appId: string, branch: string): Promise<FlakyReport | undefined> {
    const found = this.reports.get(`${account.scoped(appId)}\n${branch}\n${flakyBuildsSetting()}`);
    return found?.catch(() => undefined);
  }

  /** A finished build's failed tests, asked once. */
  failedTestsOf(look: Look, build: Build): Promise<readonly TestResult[]> {
    return this.failedOf(look, build);
  }

  private failedOf(look: Look, build: Build): Promise<readonly TestResult[]> {
    if (noFailures(build)) return Promise.resolve([]);
    return this.share(this.failedTests, look.account.scoped(build.id), look.signal, (signal) =>
      this.plan.run(signal, async (s) => (await look.client.getTests(build.id, { signal: s })).tests),
    );
  }

  /** The branch's newest builds, enough for N finished ones; also where the base build is found. */
  private list(look: Look, appId: string, branch: string, builds: number): Promise<readonly Build[]> {
    const limit = listLimitFor(builds);
    return this.share(this.lists, `${look.account.scoped(appId)}\n${branch}\n${limit}`, look.signal, (signal) =>
      this.plan.run(signal, (s) => look.client.listBuilds(appId, { branch, limit, signal: s })),
    );
  }

  /** main or master, whichever the app builds (main first); asked once per app. */
  private appDefault(look: Look, appId: string): Promise<string | undefined> {
    return this.share(this.defaults, look.account.scoped(appId), look.signal, (signal) =>
      this.plan.run(signal, async (s) => {
        const names = new Set((await look.client.listBranches(appId, { signal: s })).map((b) => b.name));
        return ['main', 'master'].find((name) => names.has(name));
      }),
    );
  }

  /** One request for everyone who asks; a failure is forgotten (asked again next time), and a look cancelled by another asks anew. */
  private async share<T>(
    cache: Map<string, Promise<T>>,
    key: string,
    signal: AbortSignal,
    make: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    for (;;) {
      let entry = cache.get(key);
      if (!entry) {
        const made = make(signal);
        entry = made;
        cache.set(key, made);
        made.catch(() => {
          if (cache.get(key) === made) cache.delete(key);
        });
      }
      try {
        return await entry;
      } catch (error) {
        if (signal.aborted || !isCancellation(error)) throw error;
      }
    }
  }

  dispose(): void {
    this.plan.dispose();
    this.changed.dispose();
  }
}

export function isCancellation(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'cancelled';
}
