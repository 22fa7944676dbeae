import * as l10n from '@vscode/l10n';
import type { App, BuildServiceClient } from '../../api';
import type { BranchBuild } from '../../core/branch/branchState';
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

/**
 * The rows of the current branch a branch tool answers about: the account named (else the branch's), its
 * client, and the branch's rows, of the named app only when one is named. `noBuilds` is the answer when
 * the branch has none.
 */
export async function branchRowsFor(
  deps: { session: Session; branch: CurrentBranch },
  input: { account?: string; app?: string },
  noBuilds: string,
): Promise<{ account: Account; client: BuildServiceClient; branchName: string; entries: readonly BranchBuild[] }> {
  const { branch, session } = deps;
  const label = input.account?.trim();
  const account = label ? session.accounts.byLabel(label) : branch.activeAccount;
  if (label && !account) throw new Answer(l10n.t('No account is called {0}.', quoted(label)));
  if (!account) throw notReady({ kind: 'not-configured' });
  const client = await account.ready();
  await branch.reload();
  const state = branch.state;
  if (state.kind !== 'builds') throw new Answer(noBuilds);
  let entries = state.entries;
  if (input.app?.trim()) {
    const found = findApp(
      entries.map((e) => e.app),
      input.app,
    );
    if (!found.app) throw new Answer(found.problem ?? l10n.t('No app is called {0}.', quoted(input.app)));
    entries = entries.filter((e) => e.app === found.app);
  }
  return { account, client, branchName: state.branch, entries };
}
