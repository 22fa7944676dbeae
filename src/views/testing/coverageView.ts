import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { functionRan, type Build, type FileCoverage as ReportedFile } from '../../api';
import { buildLabel } from '../../core/builds/buildLook';
import { statementCount } from '../../core/coverage/coverageFiles';
import { shownText } from '../../core/text/serviceText';

export interface ShownCoverageFile {
  readonly uri: vscode.Uri;
  readonly report: ReportedFile;
  readonly coverage: vscode.FileCoverage;
}

export interface ShownCoverage {
  readonly build: Build;
  readonly appName: string;
  readonly files: readonly ShownCoverageFile[];
  /** Files in the build's report, shown or not. */
  readonly reported: number;
}

/** Finds a file's functions (one scan of the file); unknown or unlocated ones are left out. */
export type LocateFunctions = (uri: vscode.Uri, report: ReportedFile) => Promise<vscode.FileCoverageDetail[]>;

// Coverage reaches VS Code through a TestRun of the Testing view's controller. VS Code shows the coverage
// of the last run to complete, so after a run of test results the coverage is added again in a run of its own.
export class CoverageView implements vscode.Disposable {
  private profile: vscode.TestRunProfile | undefined;
  private current: ShownCoverage | undefined;
  private readonly byCoverage = new WeakMap<vscode.FileCoverage, ShownCoverageFile>();
  private saidLines: readonly string[] = [];

  constructor(
    private readonly controller: () => vscode.TestController,
    private readonly locateFunctions: LocateFunctions,
    /** What the build's test run said (the tests it fixed…): said again here, as this run becomes the newest. */
    private readonly testRunSaid: (build: Build) => readonly string[],
  ) {}

  /** The lines the last coverage run's output said. */
  get said(): readonly string[] {
    return this.saidLines;
  }

  get shown(): ShownCoverage | undefined {
    return this.current;
  }

  show(build: Build, appName: string, files: readonly { uri: vscode.Uri; report: ReportedFile }[], reported: number): ShownCoverage {
    const shown: ShownCoverageFile[] = [];
    for (const { uri, report } of files) {
      const statements = statementCount(report);
      if (!statements) continue;
      const functions = report.functionsRan;
      const coverage = new vscode.FileCoverage(
        uri,
        new vscode.TestCoverageCount(statements.covered, statements.total),
        undefined,
        functions && new vscode.TestCoverageCount(functions.covered, functions.total),
      );
      const entry = { uri, report, coverage };
      this.byCoverage.set(coverage, entry);
      shown.push(entry);
    }
    this.current = { build, appName, files: shown, reported };
    this.run();
    return this.current;
  }

  /** Again, after another run of the controller took its place in VS Code. */
  showAgain(): void {
    if (this.current) this.run();
  }

  clear(): void {
    if (!this.current) return;
    this.current = undefined;
    void vscode.commands.executeCommand('testing.coverage.close');
  }

  private run(): void {
    const { build, appName, files } = this.current!;
    const label = buildLabel(build);
    const branch = build.commit.branch;
    const name = branch
      ? l10n.t('Coverage of build {0} of {1} on {2}', label, shownText(appName), shownText(branch))
      : l10n.t('Coverage of build {0} of {1}', label, shownText(appName));
    const request = new vscode.TestRunRequest(undefined, undefined, this.profileOf(), false, true);
    const run = this.controller().createTestRun(request, name, false);
    for (const file of files) run.addCoverage(file.coverage);
    // Test: Show Output shows the newest run, this one: without these lines it would say nothing was recorded.
    this.saidLines = this.testRunSaid(build);
    for (const line of this.saidLines) run.appendOutput(`${line}\r\n`);
    run.end();
  }

  private profileOf(): vscode.TestRunProfile {
    if (this.profile) return this.profile;
    // "Run with Coverage" on this controller shows the build's coverage again: there is nothing to run here.
    const profile = this.controller().createRunProfile(
      l10n.t('Coverage of a build'),
      vscode.TestRunProfileKind.Coverage,
      () => this.showAgain(),
      false,
    );
    profile.loadDetailedCoverage = async (_run, coverage) => {
      const entry = this.byCoverage.get(coverage);
      return entry ? this.locateFunctions(entry.uri, entry.report) : [];
    };
    this.profile = profile;
    return profile;
  }

  dispose(): void {
    this.profile?.dispose();
  }
}

/** A function as VS Code lists it, and its declaration's line marked run or not (the report has no lines of its own). */
export function functionDetails(fn: ReportedFile['functions'][number], range: vscode.Range): vscode.FileCoverageDetail[] {
  const executed = functionRan(fn);
  if (executed === undefined) return [];
  return [new vscode.DeclarationCoverage(shownText(fn.name), executed, range), new vscode.StatementCoverage(executed, range)];
}
