import vscode = require('vscode');
import type { Build, FileCoverage } from '../../api';
import { isCommitSha, isGitRef } from '../../core/branch/commitsBetween';
import { changedLines, coverageByPath, functionExtents, ranInReport, touchedFunctions } from '../../core/coverage/changedFunctions';
import { SOURCE_EXTENSIONS } from '../../core/testing/testSources';
import { readEachWithin } from '../../core/workspace/readPass';
import { extensionOf, type SkipReason } from '../../core/workspace/workspaceFile';
import type { Account } from '../accounts/accounts';
import { readWorkspaceText } from '../workspaceFiles';
import type { Change, Repository } from '../branch/gitTypes';
import { cachedAnswers, Lru } from '../../core/cache/lru';
import { filesBytes } from '../../core/cache/weights';

/** Coverage reports kept, by build: the oldest goes first. */
const MAX_REPORTS = 10;
const DELETED = 6;

export interface ChangedFunction {
  readonly uri: vscode.Uri;
  readonly name: string;
  /** Its declaration's line, 0-based. */
  readonly line: number;
  readonly ran: boolean;
  /** Its file has local changes the build did not have (its commit to the working tree). */
  readonly sinceBuild: boolean;
}

/** A changed file not read (a link to a device or out of the workspace, too large…) or not counted whole, said to the user. */
export interface SkippedFile {
  readonly uri: vscode.Uri;
  readonly reason: SkipReason;
}

export interface ChangedReport {
  readonly build: Build;
  readonly functions: readonly ChangedFunction[];
  readonly ran: number;
  readonly skipped: readonly SkippedFile[];
}

/** The coverage of a build as the coverage view holds it, when it shows that build. */
export type ShownCoverage = (account: Account, buildId: string) => readonly FileCoverage[] | undefined;

// The functions the branch changed since its merge base with the base branch (Git's diff, by lines),
// against the function coverage of the branch's latest finished build: one coverage request per build,
// none when the coverage view shows it. Git runs in the Git extension's process.
export class ChangedFunctions {
  private readonly reports = new Lru<string, Promise<readonly FileCoverage[]>>(MAX_REPORTS, cachedAnswers);
  /** For tests: coverage requests sent. */
  sent = 0;

  /** `baseBranchOf`: the one meaning of "the base branch" (core/branch/baseBranch.ts), as the comparison asks it. */
  constructor(
    private readonly shown: ShownCoverage,
    private readonly baseBranchOf: (account: Account, build: Build) => Promise<string>,
  ) {}

  async of(account: Account, repository: Repository, build: Build): Promise<ChangedReport | undefined> {
    const base = await this.mergeBase(repository, await this.baseBranchOf(account, build));
    if (!base) return undefined;
    const changes = (await repository.diffWith(base)).filter((c) => c.status !== DELETED);
    let fileIn: ((path: string) => FileCoverage | undefined) | undefined;
    const since = await changedSince(repository, build.commit.sha);
    const pass = await readEachWithin<Change, ChangedFunction>(changes, {
      read: (change) => readWorkspaceText(change.uri, SOURCE_EXTENSIONS),
      wanted: (change) => (SOURCE_EXTENSIONS as readonly string[]).includes(extensionOf(change.uri.path)),
      use: async (change, text) => {
        const extents = functionExtents(change.uri.path, text);
        if (extents.length === 0) return { found: [] };
        const changed = changedLines(await repository.diffWith(base, change.uri.fsPath));
        const cut = changed.cut ? ('too-many-changes' as const) : undefined;
        const touched = touchedFunctions(extents, changed.ranges);
        if (touched.length === 0) return { found: [], cut };
        fileIn ??= coverageByPath(await this.coverage(account, build));
        const ranHere = ranInReport(fileIn(relativePath(repository, change.uri))?.functions ?? []);
        const sinceBuild = since.has(change.uri.toString());
        const found = touched.map((fn) => ({ uri: change.uri, name: fn.name, line: fn.start, ran: ranHere.has(fn.name), sinceBuild }));
        return { found, cut };
      },
    });
    const functions = pass.found;
    const skipped = pass.skipped.map(({ file, reason }) => ({ uri: file.uri, reason }));
    return { build, functions, ran: functions.filter((f) => f.ran).length, skipped };
  }

  private async mergeBase(repository: Repository, branch: string): Promise<string | undefined> {
    // Each ref checked as a whole: `origin/--all` is harmless, `--all` alone would be an option.
    for (const ref of [`origin/${branch}`, branch].filter(isGitRef)) {
      const found = await repository.getMergeBase('HEAD', ref).catch(() => undefined);
      if (found) return found;
    }
    return undefined;
  }

  private coverage(account: Account, build: Build): Promise<readonly FileCoverage[]> {
    const key = account.scoped(build.id);
    const shown = this.shown(account, build.id);
    if (shown) return Promise.resolve(shown);
    let found = this.reports.get(key);
    if (!found) {
      found = account.ready().then(async (client) => {
        this.sent++;
        const report = await client.getCoverage(build.id, { showFunctionCoverage: true });
        return report.targets.flatMap((t) => t.files);
      });
      const made = found;
      this.reports.set(key, made);
      made.then(
        (files) => this.reports.weigh(key, made, filesBytes(files)),
        () => this.reports.delete(key),
      );
    }
    return found;
  }
}

function relativePath(repository: Repository, uri: vscode.Uri): string {
  const root = repository.rootUri.path.replace(/\/$/, '');
  return uri.path.startsWith(`${root}/`) ? uri.path.slice(root.length + 1) : uri.path;
}

/** The files the working tree changed since the build's commit; none known when the repository lacks it. */
async function changedSince(repository: Repository, sha: string | undefined): Promise<Set<string>> {
  if (!isCommitSha(sha)) return new Set();
  try {
    await repository.getCommit(sha);
    return new Set((await repository.diffWith(sha)).map((c) => c.uri.toString()));
  } catch {
    return new Set();
  }
}
