import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { rowBuild } from '../../core/branch/branchState';
import { sizeAnswerText, type SizedBuild } from '../../core/tools/sizeAnswer';
import { named } from '../../core/tools/toolAnswers';
import { ToolName } from '../../ids';
import type { Session } from '../../services/accounts/session';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { BranchSizes } from '../../views/branch/branchSizes';
import { toolResult } from './chatToolResult';
import { branchRowsFor } from './chatToolScope';

interface SizeInput {
  account?: string;
  app?: string;
}

export interface SizeToolDeps {
  session: Session;
  branch: CurrentBranch;
  sizes: BranchSizes;
  settings: SettingsService;
  log: Log;
}

/**
 * "How big is my branch's build?": each app's latest build of the branch once finished, each artifact
 * against the base, as Current Branch says it.
 */
export class SizeTool {
  constructor(private readonly deps: SizeToolDeps) {}

  tools(): Record<typeof ToolName.sizeAgainstBase, vscode.LanguageModelTool<object>> {
    return {
      [ToolName.sizeAgainstBase]: {
        invoke: (options, token) =>
          toolResult(() => this.answer(options.input, token), this.deps.log, this.deps.settings.value.timeoutSeconds),
      },
    };
  }

  private async answer(input: SizeInput, token: vscode.CancellationToken): Promise<string> {
    const { account, client, branchName, entries } = await branchRowsFor(
      this.deps,
      input,
      l10n.t('The current branch has no builds to measure; check out a branch that an app builds.'),
    );
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    try {
      const sized: SizedBuild[] = [];
      const waiting: string[] = [];
      for (const entry of entries) {
        const { app } = entry;
        const build = rowBuild(entry);
        const appName = app.name || app.id;
        if (!build?.finished) {
          waiting.push(l10n.t('{0} has no finished build of {1} yet.', named(appName), named(branchName)));
          continue;
        }
        const comparison = await this.deps.sizes.compare(account, client, { ...build, appId: build.appId ?? app.id }, controller.signal);
        sized.push({ appName, build, comparison });
      }
      return [sizeAnswerText(sized, this.deps.settings.value.sizeIncrease), ...waiting].join('\n');
    } finally {
      cancelled.dispose();
    }
  }
}
