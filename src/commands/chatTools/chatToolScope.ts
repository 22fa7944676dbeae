import * as l10n from '@vscode/l10n';
import type { App, BuildServiceClient } from '../../api';
import { notReady } from '../../core/accounts/connection';
import { appNames, findApp, named, quoted } from '../../core/tools/toolAnswers';
import type { Account } from '../../services/accounts/accounts';
import type { Session } from '../../services/accounts/session';
import type { CurrentBranch } from '../../services/branch/currentBranch';
import type { GitWorkspace } from '../../services/branch/gitWorkspace';
import { Answer, type AccountInput } from './chatToolResult';

/** What a tool's input names, worked out the same way for every tool: the account, the app, the branch. */
export class ChatToolScope {
  constructor(private readonly deps: { session: Session; branch: CurrentBranch; git: GitWorkspace }) {}

  currentBranch(): string | undefined {
    const { snapshot } = this.deps.git;
    return snapshot.kind === 'repository' ? snapshot.branch : undefined;
  }

  /** The account named by its label, else the one the current repository uses (else the window's). */
  accountOf(input: AccountInput): Account {
    const { accounts } = this.deps.session;
    const label = typeof input.account === 'string' ? input.account.trim() : '';
    if (label) {
      const found = accounts.byLabel(label);
      if (!found)
        throw new Answer(
          l10n.t(
            'No account is called {0}. The accounts are: {1}.',
            quoted(label),
            accounts
              .all()
              .map((a) => named(a.label))
              .join(', '),
          ),
        );
      return found;
    }
    const account = this.deps.branch.activeAccount;
    if (!account) throw notReady({ kind: 'not-configured' });
    return account;
  }

  /** The named app, or the only app that builds this repository. */
  async app(client: BuildServiceClient, name: string | undefined): Promise<App> {
    const apps = await this.deps.session.apps(client);
    if (name?.trim()) {
      const found = findApp(apps, name);
      if (!found.app) throw new Answer(found.problem ?? l10n.t('No app is called {0}.', quoted(name)));
      return found.app;
    }
    const state = this.deps.branch.state;
    const mine = state.kind === 'builds' ? state.entries.map((e) => e.app) : [];
    if (mine.length === 1) return mine[0];
    throw new Answer(l10n.t('Which app? Name one of: {0}.', appNames(mine.length ? mine : apps)));
  }
}
