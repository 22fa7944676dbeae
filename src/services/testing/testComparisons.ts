import vscode = require('vscode');
import type { Build, BuildServiceClient, TestResult } from '../../api';
import { baseBranchOf } from '../../core/branch/baseBranch';
import { isCancellation } from '../../api/errors';
import { ComparisonStore } from '../../core/testing/comparisonStore';
import type { BaseLook } from '../../core/testing/comparisonText';
import type { FlakyReport } from '../../core/testing/flaky';
import type { Account } from '../accounts/accounts';
import type { GitWorkspace } from '../branch/gitWorkspace';
import type { Log } from '../log';
import { baseBranchSetting, flakyBuildsSetting } from '../settings';
import { originHead, repositoryOf } from '../branch/defaultBranch';
import { RequestPlan } from './requestPlan';

export { isCancellation };

/** What a look needs: whose build, asked with which client, and the signal that ends it when the user moves on. */
export interface Look {
  readonly account: Account;
  readonly client: BuildServiceClient;
  readonly signal: AbortSignal;
}

// The window's comparisons and flaky counts: what is kept, and how much, is core/testing/comparisonStore.ts;
// here the base branch is read from the settings and Git, and requests wait for the window's focus.
export class TestComparisons implements vscode.Disposable {
  readonly plan = new RequestPlan();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A comparison or a flaky report became known. */
  readonly onDidLearn = this.changed.event;
  readonly store: ComparisonStore<Look>;

  constructor(
    private readonly git: GitWorkspace,
    log: Log,
  ) {
    this.store = new ComparisonStore<Look>({
      baseBranchOf: (look, build) => this.baseBranchOf(look, build),
      flakyBuilds: flakyBuildsSetting,
      request: (signal, request) => this.plan.run(signal, request),
      learned: () => this.changed.fire(),
      log,
    });
  }

  /** The base branch of a build (core/branch/baseBranch.ts); '' when none can be told. */
  baseBranchOf(look: Look, build: Pick<Build, 'pullRequestDestination' | 'repoUrl' | 'appId'>): Promise<string> {
    const repository = repositoryOf(this.git, build.repoUrl);
    return baseBranchOf({
      destination: build.pullRequestDestination?.branch,
      setting: baseBranchSetting(repository ? vscode.Uri.parse(repository.root) : undefined),
      originHead: async () => (repository ? originHead(repository.root) : undefined),
      appDefault: async () => (build.appId ? this.store.appDefault(look, build.appId) : undefined),
    });
  }

  /** The same, for a feature that has no look of its own (changed functions): asked with the account's client. */
  async baseBranchFor(account: Account, build: Build): Promise<string> {
    return this.baseBranchOf({ account, client: await account.ready(), signal: new AbortController().signal }, build);
  }

  /** The base build of a finished build and its failed tests, once per build and base branch. */
  compare(look: Look, build: Build): Promise<BaseLook> {
    return this.store.compare(look, build);
  }

  /** The flaky tests of a branch over its last N finished builds: one list and at most N test requests, once. */
  flaky(look: Look, appId: string, branch: string): Promise<FlakyReport> {
    return this.store.flaky(look, appId, branch);
  }

  /** A finished build's failed tests, asked once. */
  failedTestsOf(look: Look, build: Build): Promise<readonly TestResult[]> {
    return this.store.failedTestsOf(look, build);
  }

  dispose(): void {
    this.plan.dispose();
    this.changed.dispose();
  }
}
