import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { shownText } from '../../core/text/serviceText';
import type { Account, Accounts } from '../accounts/accounts';
import { PersistentState } from '../persistentState';

/** workspaceState, one entry per repository root: the id of the account its section uses. */

// When apps of several accounts build one repository, the user says which account it uses, once per
// workspace; the answer stays until Choose Account for Repository… changes it or that account is gone.
export class RepoAccounts {
  /** One quick pick at a time: a second would close the first. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Repositories asked about in this window and not answered: not asked again until the command. */
  private readonly dismissed = new Set<string>();

  private readonly state: PersistentState;

  constructor(
    memento: vscode.Memento,
    private readonly accounts: Accounts,
  ) {
    this.state = new PersistentState(memento);
  }

  remembered(root: string): string | undefined {
    const id = this.state.read('buildService.repositoryAccount', root);
    return typeof id === 'string' ? id : undefined;
  }

  async remember(root: string, accountId: string): Promise<void> {
    this.dismissed.delete(root);
    await this.state.write('buildService.repositoryAccount', accountId, root);
  }

  /** The first time in this window: the quick pick; an answer is remembered. Undefined when not answered. */
  askOnce(root: string, repoName: string, accountIds: readonly string[]): Promise<string | undefined> {
    return this.pick(root, repoName, accountIds, true);
  }

  /** Asks even when asked before (the command), unless `once`. */
  pick(root: string, repoName: string, accountIds: readonly string[], once = false): Promise<string | undefined> {
    const asked = this.queue.then(async () => {
      // A load that waited behind the question for this repository takes its answer.
      const answered = this.remembered(root);
      if (once && answered !== undefined && accountIds.includes(answered)) return answered;
      if (once && this.dismissed.has(root)) return undefined;
      const candidates = accountIds.map((id) => this.accounts.byId(id)).filter((a): a is Account => a !== undefined);
      const items = candidates.map((account) => ({
        label: account.label,
        description: account.host,
        detail: account.id === answered ? l10n.t('Used now') : undefined,
        account,
      }));
      const picked = await vscode.window.showQuickPick(items, {
        title: l10n.t('Which account does {0} use?', shownText(repoName)),
        placeHolder: l10n.t('Apps of several accounts build this repository; their builds come from the one you choose.'),
      });
      if (!picked) {
        this.dismissed.add(root);
        return undefined;
      }
      await this.remember(root, picked.account.id);
      return picked.account.id;
    });
    this.queue = asked.catch(() => undefined);
    return asked;
  }
}
