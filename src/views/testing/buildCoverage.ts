import vscode = require('vscode');
import type { Build, FileCoverage } from '../../api';
import { branchTestsStep, type AutoShown } from '../../core/testing/branchTests';
import type { BranchState } from '../../core/branch/branchState';
import { coverageGlob, GLOB_LIMITS, locateFunctions, WORKSPACE_FILES_MAX, type CoverageSearch } from '../../core/coverage/coverageFiles';
import { matchCoverageFilesInTurns, MATCH_LIMITS, type CoverageMatch } from '../../core/coverage/coverageMatch';
import { SOURCE_EXTENSIONS } from '../../core/testing/testSources';
import { loggedText } from '../../core/text/serviceText';
import { skippedText } from '../../core/workspace/workspaceFile';
import type { Account } from '../../services/accounts/accounts';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { Log } from '../../services/log';
import type { Session } from '../../services/accounts/session';
import type { SettingsService } from '../../services/settings';
import { TestLocator } from '../../services/testLocator';
import { readWorkspaceText } from '../../services/workspaceFiles';
import type { BuildTests } from './buildTests';
import { CoverageView, functionDetails, type ShownCoverage } from './coverageView';
import { Disposable } from '../../core/disposable';

export interface BuildCoverageDeps {
  session: Session;
  settings: SettingsService;
  branch: CurrentBranch;
  tests: BuildTests;
  log: Log;
}

/** The log names this many of the files not found, then counts the rest. */
const LOGGED_MISSING = 20;

/**
 * A build's coverage (files and functions) in VS Code's Test Coverage view, the Explorer and the
 * editor: files matched to workspace files by path suffix after one search per build, functions
 * located when VS Code asks for a file's details. Like test results, by default the current branch's
 * latest finished build; only the last build asked for is drawn; another address or token clears it.
 */
export class BuildCoverage extends Disposable {
  private generation = 0;
  private autoShown: AutoShown | undefined;
  /** Whose build's coverage is shown. */
  private shownAccount: Account | undefined;
  private searched: { key: string; search: CoverageSearch; files: Promise<vscode.Uri[]> } | undefined;
  private shownView: CoverageView | undefined;
  private readonly showed = new vscode.EventEmitter<void>();
  /** A build's coverage drawn: what reads the shown coverage may read it now. */
  readonly onDidShow = this.showed.event;
  /** Its own search counts (for tests): one per build shown. */
  readonly locator: TestLocator;
  /** Files scanned for their functions (for tests). */
  scans = 0;

  constructor(private readonly deps: BuildCoverageDeps) {
    super();
    this.locator = new TestLocator(deps.log);
    this.register(
      deps.branch.onDidChange((state) => this.followBranch(state)),
      deps.settings.onDidChange(() => this.followBranch(deps.branch.state)),
      deps.session.onDidChange(() => {
        this.autoShown = undefined;
        this.clear();
      }),
      // Signed out of the account whose build is shown, or its token changed: what it showed goes.
      deps.session.accounts.onDidLose(
        () => this.shownAccount,
        () => this.clear(),
      ),
      deps.tests.onDidShow(() => this.shownView?.showAgain()),
    );
  }

  get view(): CoverageView | undefined {
    return this.shownView;
  }

  /** Fetches and shows; rejects with an ApiError, no connection or a failed request (the command wrapper presents it). */
  async show(build: Build, appName: string, account = this.deps.session.account()): Promise<ShownCoverage | undefined> {
    const generation = ++this.generation;
    const client = await this.deps.session.readyFor(account);
    this.shownAccount = account;
    const report = await client.getCoverage(build.id, { showFileCoverage: true, showFunctionCoverage: true });
    if (generation !== this.generation) return undefined;
    const files = report.targets.flatMap((target) => target.files);
    const { search, files: searched } = this.workspaceFiles(build.id, files);
    const found = await searched;
    if (generation !== this.generation) return undefined;
    const matching = await matchCoverageFilesInTurns(
      files,
      found.map((uri) => uri.path),
    );
    if (generation !== this.generation) return undefined;
    this.logCaps(search, matching, files.length);
    const { match } = matching;
    const matched = files.flatMap((file, i) => (match[i] === -1 ? [] : [{ uri: found[match[i]], report: file }]));
    const missing = files.filter((_, i) => match[i] === -1 && i < MATCH_LIMITS.reportFiles);
    this.shownView ??= new CoverageView(
      () => this.deps.tests.testingView().controller,
      (uri, file) => this.details(uri, file),
      (shown) => this.testRunSaid(shown),
    );
    const shown = this.shownView.show(build, appName, matched, files.length);
    this.logShown(build, files.length, shown, missing);
    this.showed.fire();
    return shown;
  }

  /** What the same build's test run said, when the Testing view shows it for the same account. */
  private testRunSaid(build: Build): readonly string[] {
    const tests = this.deps.tests.view?.shown;
    return tests && tests.build.id === build.id && tests.account === this.shownAccount ? tests.said : [];
  }

  clear(): void {
    this.generation++;
    this.shownAccount = undefined;
    this.shownView?.clear();
    this.searched = undefined;
  }

  private workspaceFiles(buildId: string, files: readonly FileCoverage[]): { search: CoverageSearch; files: Promise<vscode.Uri[]> } {
    const search = coverageGlob(files);
    const { glob } = search;
    const key = `${buildId} ${glob}`;
    if (this.searched?.key === key) return this.searched;
    const found =
      glob && vscode.workspace.workspaceFolders?.length
        ? this.locator.findFiles(glob, WORKSPACE_FILES_MAX).catch((error: unknown) => {
            this.deps.log.warn(`Looking for covered sources failed: ${error instanceof Error ? error.message : String(error)}`);
            return [];
          })
        : Promise.resolve([]);
    this.searched = { key, search, files: found };
    return this.searched;
  }

  /** What VS Code gets when it asks for a file's details: its functions, located by one scan of the file. */
  async details(uri: vscode.Uri, file: FileCoverage): Promise<vscode.FileCoverageDetail[]> {
    if (file.functions.length === 0) return [];
    this.scans++;
    const read = await readWorkspaceText(uri, SOURCE_EXTENSIONS);
    if (read.kind === 'skipped')
      this.deps.log.warn(
        loggedText(`Coverage: ${skippedText(vscode.workspace.asRelativePath(uri), read.reason)}; its functions are not marked.`),
      );
    if (read.kind !== 'read') return [];
    const details: vscode.FileCoverageDetail[] = [];
    for (const [fn, range] of locateFunctions(uri.path, read.text, file.functions)) {
      details.push(...functionDetails(fn, new vscode.Range(range.line, range.start, range.line, range.end)));
    }
    return details;
  }

  private logCaps(search: CoverageSearch, matching: CoverageMatch, reported: number): void {
    const { log } = this.deps;
    const { extensions } = GLOB_LIMITS;
    const { reportFiles, candidatesPerName } = MATCH_LIMITS;
    const { extensionsLeftOut } = search;
    const { reportFilesLeftOut, candidatesLeftOut } = matching;
    if (extensionsLeftOut > 0) log.info(`Coverage: searched for the ${extensions} most common extensions; ${extensionsLeftOut} left out.`);
    if (reportFilesLeftOut > 0) log.info(`Coverage: only the first ${reportFiles} of ${reported} reported files are matched.`);
    if (candidatesLeftOut > 0)
      log.info(`Coverage: ${candidatesLeftOut} workspace file(s) past ${candidatesPerName} of one name not matched.`);
  }

  private logShown(build: Build, reported: number, shown: ShownCoverage, missing: readonly FileCoverage[]): void {
    const { log } = this.deps;
    log.info(`Coverage: build ${loggedText(build.id)}, ${reported} file(s) reported, ${shown.files.length} shown.`);
    if (missing.length === 0) return;
    const named = missing.slice(0, LOGGED_MISSING).map((file) => loggedText(file.path));
    const left = missing.length - named.length;
    log.info(
      `Coverage: ${missing.length} file(s) not in the workspace, not shown: ${named.join(', ')}${left > 0 ? ` and ${left} more` : ''}.`,
    );
  }

  private followBranch(state: BranchState): void {
    // The step first, as the Testing view does: most states keep what is shown, and the settings cost a read.
    const keyOf = (id: string) => this.deps.branch.activeAccount?.scoped(id) ?? id;
    const shown = this.shownView?.shown;
    const step = branchTestsStep(state, this.autoShown, shown && (this.shownAccount?.scoped(shown.build.id) ?? shown.build.id), keyOf);
    if (step.kind === 'keep' || !this.deps.settings.value.coverageForCurrentBranch) return;
    if (step.kind === 'clear') {
      this.deps.log.info(`Coverage: cleared, no finished build of ${'branch' in state ? loggedText(state.branch) : 'this repository'}.`);
      this.autoShown = undefined;
      return this.clear();
    }
    if (step.kind !== 'show' || state.kind !== 'builds') return;
    const { build, app } = step.entry;
    this.autoShown = { key: keyOf(build.id), branch: state.branch };
    this.show(build, app.name || app.id, this.deps.branch.activeAccount).catch((error: unknown) => {
      this.autoShown = undefined;
      this.deps.log.warn(loggedText(`Coverage of build ${build.id}: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  override dispose(): void {
    this.generation++;
    super.dispose();
    this.shownView?.dispose();
    this.showed.dispose();
  }
}
