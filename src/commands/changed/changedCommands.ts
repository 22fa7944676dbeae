import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { buildLabel } from '../../core/builds/buildLook';
import { changedFunctionsNote, changedFunctionsText } from '../../core/coverage/changedFunctions';
import type { BuildNote } from '../../core/testing/comparisonText';
import { iconSafeText, loggedText, noticeText } from '../../core/text/serviceText';
import { skippedText } from '../../core/workspace/workspaceFile';
import type { Account } from '../../services/accounts/accounts';
import type { ChangedFunctions, ChangedReport } from '../../services/testing/changedFunctions';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { GitWorkspace } from '../../services/branch/gitWorkspace';
import { notify } from '../../services/notify';
import { UntestedMarks } from '../../views/branch/untestedMarks';
import { ToolName } from '../../ids';
import type { Log } from '../../services/log';
import { changedAnswerText } from '../../core/tools/changedAnswer';
import { Answer, toolResult } from '../chatTools/chatToolResult';
import type { CommandGroup } from '../register';
import { branchLatestBuild } from '../../core/testing/branchTests';
import { cachedAnswers, Lru } from '../../core/cache/lru';
import { textBytes } from '../../core/cache/weights';

/** Builds whose changed-functions line is kept. */
const SUMMARIES_KEPT = 100;

export const SHOW_UNTESTED_CHANGES = 'buildService.showUntestedChanges';

export interface ChangedCommandsDeps {
  git: GitWorkspace;
  branch: CurrentBranch;
  changed: ChangedFunctions;
  log: Log;
}

interface FunctionPick extends vscode.QuickPickItem {
  readonly uri?: vscode.Uri;
  readonly line?: number;
}

/** Show Untested Changes: the functions the branch changed that no test of its latest finished build ran; each opens the function. */
export class ChangedCommands implements vscode.Disposable {
  /** "changed functions run by tests: 1 of 3" by build, once asked, and the files not read: what Current Branch says beside it. */
  private readonly summaries = new Lru<string, BuildNote>(SUMMARIES_KEPT, cachedAnswers);
  private readonly learned = new vscode.EventEmitter<void>();
  readonly onDidLearn = this.learned.event;
  /** The untested changed functions marked in the editor. */
  readonly marks = new UntestedMarks();

  constructor(private readonly deps: ChangedCommandsDeps) {}

  table(): CommandGroup<typeof SHOW_UNTESTED_CHANGES> {
    return { [SHOW_UNTESTED_CHANGES]: () => this.show() };
  }

  summaryOf(account: Account | undefined, buildId: string): BuildNote | undefined {
    return account && this.summaries.get(account.scoped(buildId));
  }

  /** The report for the active repository's branch, or why there is none. */
  async report(): Promise<ChangedReport | string> {
    const { branch, git, changed } = this.deps;
    const state = branch.state;
    const account = branch.activeAccount;
    const build = branchLatestBuild(state);
    const snapshot = git.snapshot;
    const root = snapshot.kind === 'repository' ? vscode.Uri.parse(snapshot.root).toString() : undefined;
    const repository = git.gitApi?.repositories.find((r) => r.rootUri.toString() === root);
    if (!account || !build || !repository) return l10n.t('The current branch has no finished build to compare your changes with.');
    const report = await changed.of(account, repository, build);
    if (!report) return l10n.t('No merge base with the base branch was found; buildService.baseBranch can name the branch.');
    const skipped = skippedLines(report);
    for (const line of skipped) this.deps.log.warn(loggedText(`Changed functions: ${line}`));
    // Nothing changed and nothing skipped: nothing to say (never "0 of 0").
    const line = changedFunctionsNote(report.ran, report.functions.length);
    if (line || skipped.length) {
      const note: BuildNote = { line: line ?? changedFunctionsText(report.ran, report.functions.length), detail: skipped };
      this.summaries.set(account.scoped(build.id), note, textBytes(note.line + note.detail.join('\n')));
    } else this.summaries.delete(account.scoped(build.id));
    this.marks.mark(report.functions.filter((f) => !f.ran));
    this.learned.fire();
    return report;
  }

  /** The chat tool: the same answer, as text. */
  tools(log: Log, timeoutSeconds: () => number): Record<typeof ToolName.changedNotTested, vscode.LanguageModelTool<object>> {
    return {
      [ToolName.changedNotTested]: {
        invoke: () =>
          toolResult(
            async () => {
              const report = await this.report();
              if (typeof report === 'string') throw new Answer(report);
              return changedAnswerText(report.build, report.functions, vscode.workspace.asRelativePath, report.skipped);
            },
            log,
            timeoutSeconds(),
          ),
      },
    };
  }

  private async show(): Promise<void> {
    const report = await this.report();
    if (typeof report === 'string') return void notify('info', noticeText(report));
    const untested = report.functions.filter((f) => !f.ran);
    const items: FunctionPick[] =
      untested.length === 0
        ? [{ label: l10n.t('Every changed function ran in a test.') }]
        : untested.map((f) => ({
            // A Kotlin name in backticks can hold anything but a backtick: it goes through the one display rule.
            label: `$(symbol-function) ${iconSafeText(f.name)}`,
            description: `${vscode.workspace.asRelativePath(f.uri)}:${f.line + 1}`,
            detail: f.sinceBuild ? l10n.t('changed since build {0}', buildLabel(report.build)) : undefined,
            uri: f.uri,
            line: f.line,
          }));
    // What was not read is said in the list itself, after the functions: its functions are not counted.
    const warning = '$(warning)';
    items.push(...skippedLines(report).map((line): FunctionPick => ({ label: `${warning} ${line}` })));
    const title = `${changedFunctionsText(report.ran, report.functions.length)} (${l10n.t('build {0}', buildLabel(report.build))})`;
    const picked = await vscode.window.showQuickPick(items, { title, placeHolder: l10n.t('Changed functions no test ran') });
    if (!picked?.uri || picked.line === undefined) return;
    const at = new vscode.Position(picked.line, 0);
    await vscode.window.showTextDocument(picked.uri, { selection: new vscode.Range(at, at) });
  }

  dispose(): void {
    this.marks.dispose();
    this.learned.dispose();
  }
}

/** Files not read named in the list and the tooltip; a branch can change 2,000. */
const SKIPPED_NAMED = 20;

/** "Sources/Evil.swift: not a regular file, not read", one line per changed file not read, the rest counted. */
function skippedLines(report: ChangedReport): string[] {
  const named = report.skipped
    .slice(0, SKIPPED_NAMED)
    .map((f) => skippedText(iconSafeText(vscode.workspace.asRelativePath(f.uri)), f.reason));
  const left = report.skipped.length - named.length;
  return left > 0 ? [...named, l10n.t('…and {0} more.', left)] : named;
}
