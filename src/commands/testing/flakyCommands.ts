import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, Build } from '../../api';
import { flakyListText } from '../../core/testing/comparisonText';
import type { FlakyTest } from '../../core/testing/flaky';
import { iconSafeText, noticeText, shownText } from '../../core/text/serviceText';
import { CommandId } from '../../ids';
import type { Account } from '../../services/accounts/accounts';
import type { Session } from '../../services/accounts/session';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import { notify } from '../../services/notify';
import type { TestLocator } from '../../services/testLocator';
import { isCancellation, type TestComparisons } from '../../services/testing/testComparisons';
import { AppNode } from '../../views/apps/nodes';
import { BranchBuildNode } from '../../views/branch/branchNodes';
import type { CommandGroup } from '../register';
import { rowBuild } from '../../core/branch/branchState';

export interface FlakyCommandsDeps {
  comparisons: TestComparisons;
  branch: CurrentBranch;
  session: Session;
  locator: TestLocator;
}

interface FlakyPick extends vscode.QuickPickItem {
  readonly flaky: FlakyTest;
}

/** Flaky Tests: the flaky tests of an app's base branch in a quick pick; picking one opens its source, like Go to Test. */
export class FlakyCommands {
  constructor(private readonly deps: FlakyCommandsDeps) {}

  table(): CommandGroup<typeof CommandId.showFlakyTests> {
    return { [CommandId.showFlakyTests]: (node, branch) => this.show(node, typeof branch === 'string' ? branch : undefined) };
  }

  private async show(node: unknown, branchGiven: string | undefined): Promise<void> {
    const target = await this.appOf(node);
    if (!target) return;
    const { app, account, build } = target;
    const controller = new AbortController();
    const look = { account, client: await account.ready(), signal: controller.signal };
    const branch =
      branchGiven ??
      (await this.deps.comparisons.baseBranchOf(look, {
        appId: app.id,
        repoUrl: build?.repoUrl,
        pullRequestDestination: build?.pullRequestDestination,
      }));
    if (!branch) {
      void notify(
        'info',
        noticeText(l10n.t('No base branch is known for {0}; buildService.baseBranch can name one.', shownText(app.name || app.id))),
      );
      return;
    }
    const pick = vscode.window.createQuickPick<FlakyPick>();
    pick.title = l10n.t('Flaky tests of {0} on {1}', iconSafeText(app.name || app.id), iconSafeText(branch));
    pick.placeholder = l10n.t('Counting the flaky tests of the last builds of {0}…', iconSafeText(branch));
    pick.matchOnDescription = true;
    pick.busy = true;
    // Moving on (closing the list) cancels what it still had to ask.
    pick.onDidHide(() => {
      controller.abort();
      pick.dispose();
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      pick.hide();
      if (chosen) void this.open(account, app, branch, chosen.flaky);
    });
    pick.show();
    try {
      const report = await this.deps.comparisons.flaky(look, app.id, branch);
      pick.items = report.tests.map((flaky) => ({
        label: iconSafeText(flaky.test.name),
        description: flakyListText(flaky),
        detail: [flaky.test.suite, flaky.test.target, flaky.test.run]
          .filter(Boolean)
          .map((p) => iconSafeText(p ?? ''))
          .join(' · '),
        flaky,
      }));
      pick.placeholder =
        report.tests.length > 0
          ? l10n.t(
              '{0} flaky tests in the last {1} builds of {2}: pick one to open its source',
              report.tests.length,
              report.builds,
              iconSafeText(branch),
            )
          : l10n.t('No flaky tests in the last {0} builds of {1}', report.builds, iconSafeText(branch));
    } catch (error) {
      pick.hide();
      if (!isCancellation(error)) throw error;
    } finally {
      pick.busy = false;
    }
  }

  /** The app clicked, the current branch's (asked when several build it), else one of the account's apps. */
  private async appOf(node: unknown): Promise<{ app: App; account: Account; build?: Build } | undefined> {
    const { branch, session } = this.deps;
    if (node instanceof BranchBuildNode && node.account) return { app: node.app, account: node.account, build: node.build };
    if (node instanceof AppNode && node.account) return { app: node.app, account: node.account };
    const account = branch.activeAccount ?? session.account();
    if (!account) {
      await session.ready(); // says why nothing can be asked
      return undefined;
    }
    const state = branch.state;
    const entries = state.kind === 'builds' ? state.entries : [];
    const choices =
      entries.length > 0
        ? entries.map((e) => ({ app: e.app, build: rowBuild(e) }))
        : (await session.apps(await account.ready())).map((app) => ({ app, build: undefined }));
    const chosen =
      choices.length === 1
        ? choices[0]
        : (
            await vscode.window.showQuickPick(
              choices.map((c) => ({ label: iconSafeText(c.app.name || c.app.id), choice: c })),
              { title: l10n.t('Flaky tests of which app?') },
            )
          )?.choice;
    return chosen && { ...chosen, account };
  }

  private async open(account: Account, app: App, branch: string, flaky: FlakyTest): Promise<void> {
    const test = { ...flaky.test, suite: flaky.test.suite ?? '' };
    const located = await this.deps.locator.locate(`flaky:${account.scoped(app.id)}:${branch}`, [test], (t) => t.name);
    const where = located.get(test.name);
    if (!where) {
      void notify('info', noticeText(l10n.t('The source of {0} was not found in this workspace.', shownText(test.name))));
      return;
    }
    await vscode.window.showTextDocument(where.uri, { selection: where.range });
  }
}
