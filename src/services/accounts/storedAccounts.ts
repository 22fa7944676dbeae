import type * as vscode from 'vscode';
import { readStoredAccounts, type StoredAccount } from '../../core/accounts/accounts';

/** globalState: addresses and labels of the accounts signed in through the Accounts menu. */
const STORED_ACCOUNTS_KEY = 'buildService.accounts';

/** The Accounts menu's list as kept across windows: nothing secret. */
export class StoredAccounts {
  constructor(private readonly globalState: vscode.Memento) {}

  list(): StoredAccount[] {
    return readStoredAccounts(this.globalState.get(STORED_ACCOUNTS_KEY));
  }

  labelOf(id: string): string | undefined {
    return this.list().find((a) => a.baseUrl === id)?.label;
  }

  async put(id: string, label: string): Promise<void> {
    await this.globalState.update(STORED_ACCOUNTS_KEY, [...this.others(id), { baseUrl: id, label }]);
  }

  async remove(id: string): Promise<void> {
    await this.globalState.update(STORED_ACCOUNTS_KEY, this.others(id));
  }

  private others(id: string): StoredAccount[] {
    return this.list().filter((a) => a.baseUrl !== id);
  }
}
