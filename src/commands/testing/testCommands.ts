import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { Build } from '../../api';
import { latestFinishedBuild } from '../../core/testing/branchTests';
import { buildLabel } from '../../core/builds/buildLook';
import { noticeText } from '../../core/text/serviceText';
import { CommandId } from '../../ids';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import { notify } from '../../services/notify';
import type { Session } from '../../services/accounts/session';
import type { BuildCoverage } from '../../views/testing/buildCoverage';
import type { BuildTests } from '../../views/testing/buildTests';
import type { CommandGroup } from '../register';
import type { BuildWithApp, CommandTargets } from '../targets';

type TestCommandId = typeof CommandId.showTestResults | typeof CommandId.clearTestResults | typeof CommandId.showCoverage;

export interface TestCommandsDeps {
  tests: BuildTests;
  coverage: BuildCoverage;
  targets: CommandTargets;
  branch: CurrentBranch;
  session: Session;
}

export class TestCommands {
  constructor(private readonly deps: TestCommandsDeps) {}

  table(): CommandGroup<TestCommandId> {
    return {
      [CommandId.showTestResults]: (node) => this.show(node),
      [CommandId.clearTestResults]: () => this.deps.tests.clear(),
      [CommandId.showCoverage]: (node) => this.showCoverage(node),
    };
  }

  /** A node of either view, a build with its account (the completion notice), or from the palette the branch's latest finished one. */
  private async show(node: unknown): Promise<void> {
    const target = this.finishedTarget(node, {
      none: l10n.t('Show Test Results needs a finished build: pick one in the Apps view, or check out a branch that has one.'),
      unfinished: l10n.t('This build has not finished yet; its test results come when it does.'),
    });
    if (!target) return;
    const shown = await vscode.window.withProgress(
      { location: { viewId: 'workbench.view.testing' }, title: l10n.t('Loading test results') },
      () => this.deps.tests.show(target.build, target.appName, target.account),
    );
    if (shown) await vscode.commands.executeCommand('workbench.view.testing.focus');
  }

  /** Like Show Test Results: a node, a build, or from the palette the branch's latest finished build. */
  private async showCoverage(node: unknown): Promise<void> {
    const target = this.finishedTarget(node, {
      none: l10n.t('Show Coverage needs a finished build: pick one in the Apps view, or check out a branch that has one.'),
      unfinished: l10n.t('This build has not finished yet; its coverage comes when it does.'),
    });
    if (!target) return;
    const shown = await vscode.window.withProgress(
      { location: { viewId: 'workbench.view.testCoverage' }, title: l10n.t('Loading coverage') },
      () => this.deps.coverage.show(target.build, target.appName, target.account),
    );
    if (!shown) return;
    if (shown.reported === 0) {
      void notify('info', noticeText(l10n.t('Build {0} has no coverage report.', buildLabel(target.build))));
      return;
    }
    if (shown.files.length === 0) {
      void notify(
        'info',
        noticeText(l10n.t('Build {0} reported no coverage of files in this workspace (the log lists them).', buildLabel(target.build))),
      );
      return;
    }
    await vscode.commands.executeCommand('workbench.view.testCoverage.focus');
  }

  /** The finished build to show, or undefined once the user has been told why there is none. */
  private finishedTarget(node: unknown, why: { none: string; unfinished: string }): BuildWithApp | undefined {
    const target = this.targetOf(node);
    const problem = !target ? why.none : target.build.finished ? undefined : why.unfinished;
    if (problem === undefined) return target;
    void notify('info', noticeText(problem));
    return undefined;
  }

  private targetOf(node: unknown): BuildWithApp | undefined {
    const notified = this.deps.targets.accountBuild(node);
    if (notified) {
      const { account, build } = notified;
      return { build, appName: account.appNameOf(build.appId), account };
    }
    if (isBuild(node)) return { build: node, appName: node.appId ? this.deps.session.nameOf(node.appId) : l10n.t('an app') };
    const target = this.deps.targets.anyBuild(node);
    if (target) return target;
    const state = this.deps.branch.state;
    const latest = state.kind === 'builds' ? latestFinishedBuild(state.entries) : undefined;
    return latest ? { build: latest.build, appName: latest.app.name || latest.app.id, account: this.deps.branch.activeAccount } : undefined;
  }
}

function isBuild(value: unknown): value is Build {
  return typeof value === 'object' && value !== null && 'id' in value && 'links' in value && 'commit' in value && 'finished' in value;
}
