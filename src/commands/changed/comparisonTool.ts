import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { compareFailures } from '../../core/testing/baseComparison';
import { isFailedTest } from '../../core/testing/testOutcome';
import { comparisonAnswerText, type ComparedBuild } from '../../core/tools/comparisonAnswer';
import { named } from '../../core/tools/toolAnswers';
import { ToolName } from '../../ids';
import type { Session } from '../../services/accounts/session';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { FirstFailedSearch } from '../../services/testing/firstFailedSearch';
import type { TestComparisons } from '../../services/testing/testComparisons';
import { toolResult } from '../chatTools/chatToolResult';
import { branchRowsFor } from '../chatTools/chatToolScope';
import { firstFailedAnswer } from './firstFailedTool';
import { rowBuild } from '../../core/branch/branchState';

interface CompareInput {
  account?: string;
  app?: string;
}

export interface ComparisonToolDeps {
  session: Session;
  branch: CurrentBranch;
  comparisons: TestComparisons;
  firstFailed: FirstFailedSearch;
  settings: SettingsService;
  log: Log;
}

/** "Which of my branch's failures are new?": one call, the branch's latest builds against their base. */
export class ComparisonTool {
  constructor(private readonly deps: ComparisonToolDeps) {}

  tools(): Record<typeof ToolName.failuresAgainstBase, vscode.LanguageModelTool<object>> {
    return {
      [ToolName.failuresAgainstBase]: {
        invoke: (options, token) =>
          toolResult(() => this.answer(options.input, token), this.deps.log, this.deps.settings.value.timeoutSeconds),
      },
    };
  }

  private async answer(input: CompareInput, token: vscode.CancellationToken): Promise<string> {
    const { comparisons } = this.deps;
    const { account, client, branchName, entries } = await branchRowsFor(
      this.deps,
      input,
      l10n.t('The current branch has no builds to compare; check out a branch that an app builds.'),
    );
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    try {
      const look = { account, client, signal: controller.signal };
      const compared: ComparedBuild[] = [];
      const waiting: string[] = [];
      for (const { app, build } of entries.map((e) => ({ app: e.app, build: rowBuild(e) }))) {
        const appName = app.name || app.id;
        if (!build?.finished) {
          waiting.push(l10n.t('{0} has no finished build of {1} yet.', named(appName), named(branchName)));
          continue;
        }
        const failed = await comparisons.failedTestsOf(look, build);
        const baseLook = await comparisons.compare(look, build);
        const comparison = baseLook.kind === 'compared' ? compareFailures(failed, baseLook.failed, false) : undefined;
        const flaky = 'branch' in baseLook ? await comparisons.flaky(look, app.id, baseLook.branch).catch(() => undefined) : undefined;
        const failedHere = failed.filter(isFailedTest);
        const more = await firstFailedAnswer(this.deps.firstFailed, look, build, failedHere, baseLook, this.deps.log);
        compared.push({ appName, build, failed: failedHere, look: baseLook, comparison, flaky, more });
      }
      return [comparisonAnswerText(compared), ...waiting].join('\n');
    } finally {
      cancelled.dispose();
    }
  }
}
